import type { TRecurringImportSummary } from '@kindling/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession, signedInSessionIn } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RecurringImportsPage } from './RecurringImportsPage.tsx';

const finished: TRecurringImportSummary = {
  id: 3,
  file_name: 'old-platform.csv',
  status: 'finished',
  total_rows: 3,
  valid_rows: 2,
  checked_rows: 3,
  checked_bytes: 0,
  file_bytes: 0,
  processed_rows: 2,
  run_stage: null,
  stage_done: 0,
  stage_total: 0,
  imported_count: 2,
  skipped_count: 0,
  failed_count: 1,
  created_by: 'Ada Admin',
  created_at: '2026-03-04T10:00:00.000Z',
  finished_at: '2026-03-04T10:01:00.000Z',
  failure_message: null,
};

const plan = (id: number, name: string, interval: 'monthly' | 'yearly') => ({
  row: id,
  plan_id: id,
  donor_name: name,
  email: `${id}@example.org`,
  amount_minor: 2500,
  currency: 'USD',
  interval,
  status: 'active',
  next_charge_at: '2026-04-01T00:00:00.000Z',
});

describe('RecurringImportsPage', () => {
  it('lists a finished import with its plans, their next dates and the failed rows download; admins get the upload and sample', async () => {
    stubFetch({
      'GET /npo_admin/recurring_imports': { body: { imports: [finished] } },
      'GET /npo_admin/recurring_imports/3/plans': {
        body: { plans: [plan(11, 'Noor Rahman', 'monthly'), plan(12, 'Liam Byrne', 'yearly')] },
      },
    });
    renderRoutes([{ path: '/dashboard/recurring_imports', element: <RecurringImportsPage /> }], {
      initialEntries: ['/dashboard/recurring_imports'],
      session: signedInSession(5150),
    });
    const link = await screen.findByRole('link', { name: 'Noor Rahman' });
    expect(link).toHaveAttribute('href', '/dashboard/recurring-plan/11');
    expect(screen.getByRole('table', { name: 'Plans imported from old-platform.csv' })).toBeInTheDocument();
    expect(screen.getAllByText('Apr 1, 2026')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Download the 1 failed rows of old-platform.csv' })).toHaveAttribute(
      'href',
      expect.stringContaining('/npo_admin/recurring_imports/3/errors.csv'),
    );
    expect(screen.getByRole('link', { name: /Download a sample CSV/ })).toHaveAttribute(
      'href',
      expect.stringContaining('pm_card_visa'),
    );
  });

  it('shows staff the imports without the upload', async () => {
    stubFetch({ 'GET /npo_admin/recurring_imports': { body: { imports: [] } } });
    renderRoutes([{ path: '/dashboard/recurring_imports', element: <RecurringImportsPage /> }], {
      initialEntries: ['/dashboard/recurring_imports'],
      session: signedInSession(1984),
    });
    expect(await screen.findByText('No recurring imports yet.')).toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check file' })).not.toBeInTheDocument();
  });

  // Kiritimati (UTC+14) and Pago Pago (UTC−11): at any hour one of them is on another day than UTC.
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'dates the sample from tomorrow on the organisation’s calendar (%s), not the browser’s',
    async (zone) => {
      stubFetch({ 'GET /npo_admin/recurring_imports': { body: { imports: [] } } });
      renderRoutes([{ path: '/dashboard/recurring_imports', element: <RecurringImportsPage /> }], {
        initialEntries: ['/dashboard/recurring_imports'],
        session: signedInSessionIn(5150, 'en-US', zone),
      });
      const link = await screen.findByRole('link', { name: /Download a sample CSV/ });
      const csv = decodeURIComponent(link.getAttribute('href') ?? '');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
      const tomorrow = new Date(`${today}T00:00:00Z`);
      tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
      expect(csv.split('\n')[1]).toContain(`,monthly,${tomorrow.toISOString().slice(0, 10)},sandbox,`);
    },
  );
});
