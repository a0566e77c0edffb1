// The staff Pledges panel of an all-or-nothing page (docs/product/crowdfunding.md#staff): the settlement in a
// sentence, what is saved and not yet charged, each pledge's state, reward and where to send it, the export.
import type { TCrowdfundingDetail, TPledgeAdmin } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PledgesPanel } from './PledgesPanel.tsx';

const pledge = (id: number, over: Partial<TPledgeAdmin>): TPledgeAdmin => ({
  id,
  name: 'Maya Ortiz',
  email: 'maya@example.org',
  amount_minor: 5000,
  currency: 'USD',
  status: 'pledged',
  failure_message: null,
  created_at: '2026-11-20T10:00:00.000Z',
  reward: null,
  claim_id: null,
  fulfilled: false,
  shipping_address: null,
  ...over,
});

const van = (over: Partial<TCrowdfundingDetail>): TCrowdfundingDetail => ({
  id: 31,
  name: 'Mobile Pantry Van',
  campaign_url: 'mobile-pantry-van',
  status: 'active',
  currency: 'USD',
  goal_minor: 4_000_000,
  raised_minor: 0,
  backers: 3,
  days_left: 4,
  funding_model: 'all_or_nothing',
  deadline: '2026-12-01T12:00:00.000Z',
  settlement: null,
  pledged_minor: 17_500,
  pledge_list: [
    pledge(1, {
      reward: 'Harvest basket',
      claim_id: 8,
      shipping_address: 'Maya Ortiz, 12 Orchard Lane, Riverside, CA, 92501, US',
      amount_minor: 10_000,
    }),
    pledge(2, { name: '', email: 'sam@example.org', amount_minor: 7_500 }),
    pledge(3, {
      name: 'Lena Fischer',
      email: 'lena@example.org',
      status: 'failed',
      failure_message: 'Your card was declined.',
    }),
  ],
  rewards: [],
  images: [],
  backer_list: [],
  updates: [],
  daily: [],
  ...over,
});

const render = (detail: TCrowdfundingDetail) =>
  renderRoutes([{ path: '/', element: <PledgesPanel detail={detail} /> }], { session: signedInSession(5150) });

describe('PledgesPanel', () => {
  it('shows where the settlement stands, what is saved, each pledge with its state, reward and address', async () => {
    render(van({}));
    expect(
      await screen.findByText(
        /Cards are saved now and charged only if the goal is met by the deadline\. Saved and not yet charged: \$175\.00\./,
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Pledges' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('Harvest basket')).toBeInTheDocument();
    expect(
      within(rows[0] as HTMLElement).getByText('Send to Maya Ortiz, 12 Orchard Lane, Riverside, CA, 92501, US'),
    ).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Card saved')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('$100.00')).toBeInTheDocument();
    // A backer without a name is shown by their e-mail.
    expect(within(rows[1] as HTMLElement).getAllByText('sam@example.org')).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('—')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Card declined')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export pledges (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/crowdfunding/31/pledges.csv',
    );
  });

  it('says when the goal was met or missed, when the deadline has passed, and when there are no pledges', async () => {
    const { unmount } = render(van({ settlement: 'met', pledged_minor: 0 }));
    expect(await screen.findByText(/Goal met: the saved cards have been charged\./)).toBeInTheDocument();
    unmount();
    const missed = render(van({ settlement: 'missed', pledged_minor: 0 }));
    expect(
      await screen.findByText(/Goal missed: nobody was charged and every pledge was released\./),
    ).toBeInTheDocument();
    missed.unmount();
    const settling = render(van({ days_left: 0 }));
    expect(await screen.findByText(/Deadline passed: settling the pledges\./)).toBeInTheDocument();
    settling.unmount();
    render(van({ pledge_list: [], pledged_minor: 0 }));
    expect(await screen.findByText('No pledges yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Pledges' })).not.toBeInTheDocument();
  });
});
