import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession, signedInSessionIn } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { donationDetail } from '../test-support.ts';
import { DonationNewPage } from './DonationNewPage.tsx';

// No delay between keystrokes: the form has many fields and the default pace is slow under load.
const user = userEvent.setup({ delay: null });

const render = (code: Parameters<typeof signedInSession>[0] = 2001) =>
  renderRoutes([{ path: '/dashboard/donation-new', element: <DonationNewPage /> }], {
    initialEntries: ['/dashboard/donation-new'],
    session: signedInSession(code),
  });

const campaigns = {
  'GET /npo_admin/campaigns': {
    body: { campaigns: [{ id: 4, name: 'Spring Appeal', currency: 'EUR', parent_campaign_id: null }], total: 1 },
  },
  'GET /npo_admin/campaigns/4': { body: { campaign: { designations: [{ id: 2, name: 'Fresh produce' }] } } },
};

async function fillNewDonor() {
  await user.click(await screen.findByText('New donor'));
  await user.type(screen.getByLabelText(/First name/), 'Cash');
  await user.type(screen.getByLabelText(/Last name/), 'Giver');
  await user.type(screen.getByLabelText(/E-mail/), 'cash@example.org');
  await user.click(screen.getByRole('combobox', { name: /^Campaign/ }));
  await user.click(await screen.findByRole('option', { name: 'Spring Appeal' }));
}

describe('DonationNewPage', () => {
  it('records a gift for a new donor in the campaign currency and opens it', { timeout: 40_000 }, async () => {
    const fetchStub = stubFetch({
      ...campaigns,
      'POST /npo_admin/offline_donations': { status: 201, body: { donation: donationDetail({ id: 77 }) } },
    });
    const { router } = render();
    await fillNewDonor();
    await user.type(screen.getByLabelText(/Amount/), '25.50');
    await user.click(screen.getByRole('button', { name: 'Record donation' }));
    await screen.findByTestId('location');
    expect(router.state.location.pathname).toBe('/dashboard/donation/77');
    expect(fetchStub.callsTo('POST', '/npo_admin/offline_donations')[0]?.body).toMatchObject({
      donor: { first_name: 'Cash', last_name: 'Giver', email: 'cash@example.org' },
      campaign_id: 4,
      method: 'cheque',
      amount_minor: 2550,
      currency: 'EUR',
      gift_aid: false,
    });
  });

  it("checks the amount before sending and shows the server's message per field", { timeout: 40_000 }, async () => {
    const fetchStub = stubFetch({
      ...campaigns,
      'POST /npo_admin/offline_donations': {
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'x', fields: { received_on: 'The date cannot be in the future.' } },
      },
    });
    render();
    await fillNewDonor();
    await user.type(screen.getByLabelText(/Amount/), '12.345');
    await user.click(screen.getByRole('button', { name: 'Record donation' }));
    expect(await screen.findByText('EUR amounts have at most 2 decimals')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/npo_admin/offline_donations')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Amount/));
    await user.type(screen.getByLabelText(/Amount/), '12');
    await user.click(screen.getByRole('button', { name: 'Record donation' }));
    expect(await screen.findByText('The date cannot be in the future.')).toBeInTheDocument();
  });

  it('tells staff without an admin role who can record gifts', async () => {
    stubFetch(campaigns);
    render(1984);
    expect(await screen.findByText('Only finance, admin and manager roles record gifts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record donation' })).toBeNull();
  });

  describe('on the organisation’s calendar', () => {
    afterEach(() => vi.useRealTimers());

    it('offers today in the organisation’s time zone as the day received, and no later day', async () => {
      // 03:00 UTC on the 26th is still the evening of the 25th in New York.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-26T03:00:00Z'));
      stubFetch(campaigns);
      renderRoutes([{ path: '/dashboard/donation-new', element: <DonationNewPage /> }], {
        initialEntries: ['/dashboard/donation-new'],
        session: signedInSessionIn(2001, 'en-US', 'America/New_York'),
      });
      const received = await screen.findByLabelText(/Date received/);
      expect(received).toHaveValue('2026-11-25');
      expect(received).toHaveAttribute('max', '2026-11-25');
    });
  });
});
