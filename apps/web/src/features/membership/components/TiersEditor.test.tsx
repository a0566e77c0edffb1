import type { TTier } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TiersEditor } from './TiersEditor.tsx';

const CAMPAIGNS = { campaigns: [{ id: 3, name: 'Friends of Riverside', campaign_url: 'friends', currency: 'USD' }] };
const INDIVIDUAL: TTier = {
  id: 11,
  campaign_id: 3,
  name: 'Individual',
  description: 'One person',
  benefits: ['Free entry'],
  billing: 'yearly',
  price_minor: 6000,
  term_months: null,
  fair_market_value_minor: 1000,
  capacity: null,
  household_size: 1,
  archived: false,
  taken: 14,
  remaining: null,
  currency: 'USD',
};
const ARCHIVED: TTier = { ...INDIVIDUAL, id: 12, name: 'Old tier', archived: true, taken: 0 };
const TIERS = `/npo_admin/membership/campaigns/3/tiers`;

const render = (canEdit: boolean) =>
  renderRoutes([{ path: '/', element: <TiersEditor npoId={5150} canEdit={canEdit} /> }], {
    session: signedInSession(5150),
  });

// The tiers editor of docs/product/memberships.md#tiers: a campaign's tiers are saved as a whole.
describe('tiers editor', () => {
  it('edits a tier, adds a household tier with benefits and saves them all, archived tiers left out', async () => {
    const stub = stubFetch({
      'GET /npo_admin/membership/campaigns': { body: CAMPAIGNS },
      [`GET ${TIERS}`]: { body: { tiers: [INDIVIDUAL, ARCHIVED] } },
      [`PUT ${TIERS}`]: { body: { tiers: [INDIVIDUAL] } },
    });
    render(true);
    const user = userEvent.setup();
    const individual = await screen.findByRole('group', { name: 'Individual' });
    expect(screen.queryByRole('group', { name: 'Old tier' })).toBeNull();
    expect(within(individual).getByText('14 holding a place')).toBeInTheDocument();
    const price = within(individual).getByRole('textbox', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '75');

    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    const added = screen.getByRole('group', { name: 'New tier' });
    await user.type(within(added).getByRole('textbox', { name: 'Name' }), 'Household');
    const household = screen.getByRole('group', { name: 'Household' });
    await user.type(within(household).getByRole('textbox', { name: 'Price' }), '100');
    const size = within(household).getByRole('textbox', { name: 'Members per membership' });
    await user.clear(size);
    await user.type(size, '4');
    await user.type(
      within(household).getByRole('textbox', { name: 'Benefits (one per line)' }),
      'Free entry{enter}{enter}  Two guest passes  ',
    );
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Tiers saved.');
    const body = stub.callsTo('PUT', TIERS)[0]?.body as { tiers: Record<string, unknown>[] };
    expect(body.tiers).toHaveLength(2);
    expect(body.tiers[0]).toMatchObject({
      id: 11,
      name: 'Individual',
      price_minor: 7500,
      fair_market_value_minor: 1000,
    });
    expect(body.tiers[0]).not.toHaveProperty('taken');
    expect(body.tiers[1]).toEqual({
      name: 'Household',
      billing: 'yearly',
      price_minor: 10000,
      household_size: 4,
      benefits: ['Free entry', 'Two guest passes'],
    });
  }, 60_000);

  it('shows the server’s refusal, and a reader without the right sees the tiers without editing', async () => {
    stubFetch({
      'GET /npo_admin/membership/campaigns': { body: CAMPAIGNS },
      [`GET ${TIERS}`]: { body: { tiers: [INDIVIDUAL] } },
      [`PUT ${TIERS}`]: {
        status: 422,
        body: { status: 422, code: 'VALIDATION_FAILED', message: 'The fair-market value cannot exceed the price.' },
      },
    });
    const { unmount } = render(true);
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Individual' });
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    expect(await screen.findByText('The fair-market value cannot exceed the price.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    render(false);
    const group = await screen.findByRole('group', { name: 'Individual' });
    expect(group).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save tiers' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a tier' })).toBeNull();
  }, 60_000);

  it('asks for a membership campaign when the organisation has none', async () => {
    stubFetch({ 'GET /npo_admin/membership/campaigns': { body: { campaigns: [] } } });
    render(true);
    await waitFor(() =>
      expect(screen.getByText('Create a campaign of the membership kind to give it tiers.')).toBeInTheDocument(),
    );
  }, 60_000);
});
