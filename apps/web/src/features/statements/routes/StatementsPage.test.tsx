import type { TStatementOverview, TStatementRun } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { StatementsPage } from './StatementsPage.tsx';

const year = new Date().getFullYear() - 1;
const render = () =>
  renderRoutes([{ path: '/dashboard/reports/statements', element: <StatementsPage /> }], {
    initialEntries: ['/dashboard/reports/statements'],
    session: signedInSession(5150),
  });

const run = (overrides: Partial<TStatementRun> = {}): TStatementRun => ({
  id: 4,
  year,
  basis: 'fiscal',
  period_label: String(year),
  status: 'queued',
  to_send: 2,
  sent: 0,
  already_sent: 1,
  without_email: 1,
  started_by: 'Fran Finance',
  created_at: `${year + 1}-01-20T10:00:00.000Z`,
  finished_at: null,
  ...overrides,
});

const overview = (overrides: Partial<TStatementOverview> = {}): TStatementOverview => ({
  year,
  basis: 'fiscal',
  period_label: String(year),
  base_currency: 'USD',
  fiscal_year_start_month: 7,
  donors: 4,
  with_email: 3,
  already_sent: 1,
  preview: [
    {
      donor_id: 1,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      gift_count: 2,
      total_base_minor: 7500,
      sent_at: null,
    },
    {
      donor_id: 2,
      name: 'Grace Hopper',
      email: 'grace@example.org',
      gift_count: 1,
      total_base_minor: 2500,
      sent_at: `${year + 1}-01-05T09:00:00.000Z`,
    },
  ],
  without_email: [
    { donor_id: 3, name: 'Alan Turing', email: null, gift_count: 1, total_base_minor: 10000, sent_at: null },
  ],
  runs: [],
  ...overrides,
});

describe('StatementsPage', () => {
  it('shows the year, previews the first statements, lists donors to post, e-mails the rest and shows the log', async () => {
    let polls = 0;
    const fetches = stubFetch({
      'GET /npo_admin/reports/statements': { body: overview() },
      'POST /npo_admin/reports/statements/runs': { status: 202, body: run() },
      'GET /npo_admin/reports/statements/runs/4': () => {
        polls += 1;
        return {
          body: {
            ...run(polls < 2 ? { status: 'sending', sent: 1 } : { status: 'done', sent: 2 }),
            base_currency: 'USD',
            log: [
              {
                donor_id: 1,
                name: 'Ada Lovelace',
                email: 'ada@example.org',
                gift_count: 2,
                total_base_minor: 7500,
                sent_at: `${year + 1}-01-20T10:01:00.000Z`,
              },
            ],
          },
        };
      },
    });
    const user = userEvent.setup();
    render();
    expect(
      await screen.findByText(
        `${year}: 4 donors gave. 2 statements to e-mail, 1 already sent, 1 without an e-mail address to post.`,
      ),
    ).toBeInTheDocument();
    const preview = screen.getByRole('table', { name: 'The first statements, in name order' });
    expect(within(preview).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('Sent');
    expect(screen.getByRole('link', { name: 'Preview the first statements (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/npo_admin/reports/statements/preview.pdf?year=${year}&basis=fiscal`,
    );
    const post = screen.getByRole('table', { name: 'Donors without an e-mail address' });
    expect(within(post).getByRole('row', { name: /Alan Turing/ })).toHaveTextContent('$100.00');
    expect(screen.getByRole('link', { name: 'Statements to print, one per page (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/npo_admin/reports/statements/post.pdf?year=${year}&basis=fiscal`,
    );
    await user.click(screen.getByRole('button', { name: 'E-mail 2 statements' }));
    expect(fetches.callsTo('POST', '/npo_admin/reports/statements/runs')[0]?.body).toEqual({ year, basis: 'fiscal' });
    expect(
      await screen.findByText(
        'Run finished: 2 statements e-mailed, 1 donors already had theirs, 1 to post.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'What this run sent, newest first' })).toHaveTextContent(
      'ada@example.org',
    );
  }, 30_000);

  it('asks the server for a calendar year when staff switch, and says when a run is already sending', async () => {
    const fetches = stubFetch({
      'GET /npo_admin/reports/statements': { body: overview() },
      'POST /npo_admin/reports/statements/runs': {
        status: 409,
        body: {
          status: 409,
          code: 'CONFLICT',
          message: 'Statements for this year are already being sent. Wait for that run to finish.',
        },
      },
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('button', { name: 'E-mail 2 statements' });
    await user.click(screen.getByText('Calendar year'));
    await expect
      .poll(() => fetches.callsTo('GET', '/npo_admin/reports/statements').map((c) => c.query.get('basis')))
      .toContain('calendar');
    await user.click(screen.getByRole('button', { name: 'E-mail 2 statements' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Statements for this year are already being sent.');
  }, 30_000);
});
