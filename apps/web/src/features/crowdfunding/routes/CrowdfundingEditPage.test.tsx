// The staff editor's rewards and funding model (docs/product/crowdfunding.md#editor-cf17b): a typo is caught
// before it leaves the browser, the server's field errors land on their field, and a valid form is sent in
// minor units with the chosen funding model.
import type { TCrowdfundingDetail } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CrowdfundingEditPage } from './CrowdfundingEditPage.tsx';

const detail: TCrowdfundingDetail = {
  id: 12,
  name: 'Library Van',
  campaign_url: 'library-van',
  status: 'active',
  currency: 'USD',
  goal_minor: 500_000,
  raised_minor: 0,
  backers: 0,
  days_left: 10,
  funding_model: 'keep_what_you_raise',
  deadline: null,
  settlement: null,
  pledged_minor: 0,
  pledge_list: [],
  rewards: [
    {
      id: 4,
      amount_minor: 5000,
      title: 'Tote bag',
      description: '',
      image_url: '',
      delivery_date: null,
      quantity: 3,
      taken: 2,
      claimed: 2,
      shipping_required: false,
      fair_market_value_minor: 1200,
    },
  ],
  images: [],
  backer_list: [],
  updates: [],
  daily: [],
};

/** Replaces a field's text in one input event (typing key by key is slow under jsdom). */
const fill = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) => {
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
};

const open = () =>
  renderRoutes([{ path: '/dashboard/crowdfunding/:id/edit', element: <CrowdfundingEditPage /> }], {
    initialEntries: ['/dashboard/crowdfunding/12/edit'],
    session: signedInSession(5150),
  });

describe('the crowdfunding editor', () => {
  it('refuses a bad amount and a bad limit in the browser, then sends minor units and the funding model', async () => {
    const fetches = stubFetch({
      'GET /npo_admin/crowdfunding/12': { body: detail },
      'PUT /npo_admin/crowdfunding/12': ({ body }) => ({ body: { ...detail, ...(body as object) } }),
    });
    const user = userEvent.setup();
    open();
    const tote = await screen.findByRole('group', { name: 'Tote bag' });
    expect(within(tote).getByText('2 claimed or held')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a reward' }));
    const added = screen.getByRole('group', { name: 'Reward 2' });
    await fill(user, within(added).getByLabelText(/Pledge amount/), '12.345');
    await fill(user, within(added).getByLabelText('Title', { exact: false }), 'Sticker');
    await fill(user, within(screen.getByRole('group', { name: 'Sticker' })).getByLabelText(/Quantity limit/), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByText('A limit is a whole number, at least 1.')).toBeInTheDocument();
    expect(fetches.callsTo('PUT', '/npo_admin/crowdfunding/12')).toHaveLength(0);

    const sticker = screen.getByRole('group', { name: 'Sticker' });
    await fill(user, within(sticker).getByLabelText(/Pledge amount/), '10');
    await fill(user, within(sticker).getByLabelText(/Quantity limit/), '');
    await user.click(screen.getByRole('radio', { name: /All or nothing/ }));
    expect(
      screen.getByText(/charged only if the goal \(counting pledges\) is met by the deadline/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetches.callsTo('PUT', '/npo_admin/crowdfunding/12')).toHaveLength(1));
    expect(fetches.callsTo('PUT', '/npo_admin/crowdfunding/12')[0]?.body).toMatchObject({
      funding_model: 'all_or_nothing',
      rewards: [
        { id: 4, amount_minor: 5000, title: 'Tote bag', quantity: 3, fair_market_value_minor: 1200 },
        { id: null, amount_minor: 1000, title: 'Sticker', quantity: null, fair_market_value_minor: 0 },
      ],
    });
    // Many fields on a shared CI machine: jsdom's accessible-name queries take their time.
  }, 60_000);

  it("shows the server's refusal on the field it names", async () => {
    stubFetch({
      'GET /npo_admin/crowdfunding/12': { body: detail },
      'PUT /npo_admin/crowdfunding/12': {
        status: 409,
        body: {
          status: 409,
          code: 'CONFLICT',
          message: 'A limit cannot go below the 2 units already claimed or held.',
          fields: { 'rewards.0.quantity': 'A limit cannot go below the 2 units already claimed or held.' },
        },
      },
    });
    const user = userEvent.setup();
    open();
    const tote = await screen.findByRole('group', { name: 'Tote bag' });
    await fill(user, within(tote).getByLabelText(/Quantity limit/), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(tote).findByText('A limit cannot go below the 2 units already claimed or held.'),
    ).toBeInTheDocument();
  });
});
