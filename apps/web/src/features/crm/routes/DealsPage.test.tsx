import type { TDeal, TDealBoard } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DealsPage } from './DealsPage.tsx';

const STAGES = [
  { key: 'identified', label: 'Identified', probability: 10 },
  { key: 'qualified', label: 'Qualified', probability: 20 },
  { key: 'won', label: 'Won', probability: 100 },
  { key: 'lost', label: 'Lost', probability: 0 },
];
const deal = (id: number, stage: string, overrides: Partial<TDeal> = {}): TDeal => ({
  id,
  title: `Deal ${id}`,
  contact: { id: 100 + id, name: `Donor ${id}` },
  amount_minor: 100_000,
  currency: 'USD',
  expected_on: '2027-03-01',
  stage,
  probability: STAGES.find((s) => s.key === stage)?.probability ?? 0,
  probability_overridden: false,
  weighted_minor: 0,
  owner: { id: 7, name: 'Stella Staff' },
  next_step: '',
  received_minor: 0,
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const board = (columns: Record<string, TDeal[]>): TDealBoard => ({
  currency: 'USD',
  columns: STAGES.map((s) => ({
    ...s,
    count: columns[s.key]?.length ?? 0,
    total_minor: 0,
    deals: columns[s.key] ?? [],
  })),
});
const FIGURES = {
  by_month: [],
  by_owner: [],
  total: [{ currency: 'USD', amount_minor: 200_000, weighted_minor: 30_000, count: 2 }],
};

const render = () =>
  renderRoutes([{ path: '/dashboard/crm/deals', element: <DealsPage /> }], {
    initialEntries: ['/dashboard/crm/deals'],
    session: signedInSession(1984),
  });

describe('DealsPage', () => {
  it('moves a deal to another stage with the keyboard, announcing each step, and sends the move', async () => {
    let moved = false;
    const stub = stubFetch({
      'GET /npo_admin/deal_options': { body: { stages: STAGES, team: [], currency: 'USD' } },
      'GET /npo_admin/deals/board': () => ({
        body: moved
          ? board({ qualified: [deal(2, 'qualified')], won: [deal(1, 'won')] })
          : board({ identified: [deal(1, 'identified')], qualified: [deal(2, 'qualified')] }),
      }),
      'GET /npo_admin/deals/pipeline': { body: FIGURES },
      'POST /npo_admin/deals/1/move': () => {
        moved = true;
        return { body: { ...deal(1, 'won'), gifts: [] } };
      },
    });
    render();
    const handle = await screen.findByRole('button', { name: 'Move Deal 1' }, { timeout: 5000 });
    expect(screen.getByText(/\$300\.00 weighted of \$2,000\.00 open/)).toBeInTheDocument();
    handle.focus();
    await userEvent.keyboard('[Space]');
    expect(await screen.findByText(/Picked up Deal 1/)).toBeInTheDocument();
    await userEvent.keyboard('[ArrowRight]');
    expect(await screen.findByText('Deal 1 is over Qualified, before Deal 2.')).toBeInTheDocument();
    await userEvent.keyboard('[ArrowRight]');
    expect(await screen.findByText('Deal 1 is over Won, at the end.')).toBeInTheDocument();
    await userEvent.keyboard('[Space]');
    await expect.poll(() => stub.callsTo('POST', '/npo_admin/deals/1/move').length).toBe(1);
    expect(stub.callsTo('POST', '/npo_admin/deals/1/move')[0]?.body).toEqual({ stage: 'won', before_id: null });
    const won = await screen.findByRole('region', { name: /^Won: 1 deal/ });
    expect(within(won).getByText('Deal 1')).toBeInTheDocument();
    expect(await screen.findByText('Deal 1 was moved to Won, at the end.')).toBeInTheDocument();
  });

  it('puts nothing on the wire when a keyboard move is cancelled', async () => {
    const stub = stubFetch({
      'GET /npo_admin/deal_options': { body: { stages: STAGES, team: [], currency: 'USD' } },
      'GET /npo_admin/deals/board': { body: board({ identified: [deal(1, 'identified')] }) },
      'GET /npo_admin/deals/pipeline': { body: FIGURES },
    });
    render();
    const handle = await screen.findByRole('button', { name: 'Move Deal 1' }, { timeout: 5000 });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowRight]');
    await userEvent.keyboard('[Escape]');
    expect(await screen.findByText(/Move cancelled/)).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
