import type { TImportSummary, TRoleCode } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ImportsPage } from './ImportsPage.tsx';

const render = (role: TRoleCode = 5150) =>
  renderRoutes([{ path: '/dashboard/imports', element: <ImportsPage /> }], {
    initialEntries: ['/dashboard/imports'],
    session: signedInSession(role),
  });

function summary(overrides: Partial<TImportSummary> = {}): TImportSummary {
  return {
    id: 7,
    file_name: 'historic.csv',
    status: 'previewed',
    total_rows: 3,
    valid_rows: 2,
    checked_rows: 3,
    checked_bytes: 120,
    file_bytes: 120,
    processed_rows: 0,
    run_stage: null,
    stage_done: 0,
    stage_total: 0,
    imported_count: 0,
    failed_count: 1,
    created_by: 'Ada Admin',
    created_at: '2026-03-04T10:00:00.000Z',
    finished_at: null,
    failure_message: null,
    ...overrides,
  };
}

const preview = [
  {
    row: 2,
    cells: {
      date: '2024-03-15',
      first_name: 'Ada',
      last_name: 'L',
      email: 'ada@example.org',
      amount: '25.00',
      currency: 'USD',
      campaign_url: '',
      payment_method: 'cheque',
      reference: '',
    },
    errors: [],
  },
  {
    row: 3,
    cells: {
      date: '2024-03-16',
      first_name: 'Bad',
      last_name: 'Row',
      email: 'bad@example.org',
      amount: '12.345',
      currency: 'USD',
      campaign_url: '',
      payment_method: '',
      reference: '',
    },
    errors: ['amount: USD amounts have at most 2 decimals.'],
  },
  {
    row: 4,
    cells: {
      date: '2024-04-02',
      first_name: 'Hiro',
      last_name: 'T',
      email: 'hiro@example.org',
      amount: '5000',
      currency: 'JPY',
      campaign_url: '',
      payment_method: '',
      reference: '',
    },
    errors: [],
  },
];

/** Mantine's FileInput is a button over a hidden file input, which receives the file. */
function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('ImportsPage', () => {
  it('checks a file, shows the per-row errors, then runs the import and reports its counts', async () => {
    let polls = 0;
    const fetches = stubFetch({
      'GET /npo_admin/imports': { body: { imports: [] } },
      'POST /npo_admin/imports': { status: 201, body: { import: summary(), preview } },
      'POST /npo_admin/imports/7/start': { status: 202, body: { import: summary({ status: 'queued' }) } },
      'GET /npo_admin/imports/7': () => {
        polls += 1;
        return polls < 2
          ? { body: { import: summary({ status: 'running', processed_rows: 1 }) } }
          : { body: { import: summary({ status: 'finished', processed_rows: 2, imported_count: 2 }) } };
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download the template CSV/ })).toHaveAttribute(
      'download',
      'donations-import-template.csv',
    );
    const file = new File(['date,first_name\n'], 'historic.csv', { type: 'text/csv' });
    await user.upload(fileInput(), file);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const table = await screen.findByRole('table', { name: 'Preview of the first rows' });
    const bad = within(table).getByRole('row', { name: /12\.345/ });
    expect(within(bad).getByText('amount: USD amounts have at most 2 decimals.')).toBeInTheDocument();
    expect(screen.getByText(/2 ready to import, 1 row with errors/)).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/npo_admin/imports/7/start')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Import 2 donations' }));
    expect(
      await screen.findByText(
        'Import finished: 2 donations imported, 1 row could not be imported.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download the 1 failed rows of historic.csv/ })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/imports/7/errors.csv',
    );
  });

  it("shows a large file's first rows at once and how far its check is, then lets staff confirm", async () => {
    let polls = 0;
    stubFetch({
      'GET /npo_admin/imports': { body: { imports: [] } },
      'POST /npo_admin/imports': {
        status: 201,
        body: {
          import: summary({ status: 'checking', total_rows: 0, valid_rows: 0, checked_rows: 0, checked_bytes: 0 }),
          preview,
        },
      },
      'GET /npo_admin/imports/7': () => {
        polls += 1;
        return polls < 2
          ? {
              body: {
                import: summary({
                  status: 'checking',
                  checked_rows: 250_000,
                  checked_bytes: 30,
                  file_bytes: 120,
                  total_rows: 0,
                  valid_rows: 0,
                }),
              },
            }
          : { body: { import: summary({ total_rows: 1_000_000, valid_rows: 999_999, failed_count: 1 }) } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.upload(fileInput(), new File(['date\n'], 'historic.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('table', { name: 'Preview of the first rows' })).toBeInTheDocument();
    expect(await screen.findByText('Checking the whole file… 250,000 rows checked (25%).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import (after the check)' })).toBeDisabled();
    expect(
      await screen.findByText(/1,000,000 rows, 999,999 ready to import, 1 row with errors/, {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 999,999 donations' })).toBeEnabled();
  });

  it("shows the server's message when the file is refused", async () => {
    stubFetch({
      'GET /npo_admin/imports': { body: { imports: [] } },
      'POST /npo_admin/imports': {
        status: 413,
        body: {
          status: 413,
          code: 'FILE_TOO_LARGE',
          message: 'The file is larger than 5 MB; split it into smaller files.',
        },
      },
    });
    const user = userEvent.setup();
    render();
    await user.upload(fileInput(), new File(['x'], 'big.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('The file is larger than 5 MB; split it into smaller files.')).toBeInTheDocument();
  });

  it('lists past imports with who, the counts and the failed rows download; staff only view', async () => {
    stubFetch({
      'GET /npo_admin/imports': {
        body: {
          imports: [
            summary({ status: 'finished', imported_count: 1200, failed_count: 3 }),
            summary({ id: 8, file_name: 'clean.csv', status: 'finished', imported_count: 5, failed_count: 0 }),
          ],
        },
      },
    });
    render(1984);
    const table = await screen.findByRole('table', { name: 'Past imports' });
    const first = within(table).getByRole('row', { name: /historic\.csv/ });
    expect(within(first).getByText('1,200')).toBeInTheDocument();
    expect(within(first).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /failed rows/ })).toBeInTheDocument();
    const clean = within(table).getByRole('row', { name: /clean\.csv/ });
    expect(within(clean).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();
    expect(screen.getByText(/Your role can see past imports/)).toBeInTheDocument();
  });

  it('shows an import that stopped for good as failed, with why and what was kept, and runs it again', async () => {
    const message =
      'The import stopped at row 3: the database refused the row’s values. The 1 gift recorded before it stopped is kept and counted; the rows after it were not imported. Correct that row and import the rows from it on in a new file.';
    const failed = summary({ status: 'failed', processed_rows: 1, imported_count: 1, failure_message: message });
    let polls = 0;
    let retried = false;
    const fetches = stubFetch({
      'GET /npo_admin/imports': () => ({ body: { imports: polls >= 2 && !retried ? [failed] : [] } }),
      'POST /npo_admin/imports': { status: 201, body: { import: summary(), preview } },
      'POST /npo_admin/imports/7/start': { status: 202, body: { import: summary({ status: 'queued' }) } },
      'POST /npo_admin/imports/7/retry': () => {
        retried = true;
        return { status: 202, body: { import: summary({ status: 'queued', imported_count: 1 }) } };
      },
      'GET /npo_admin/imports/7': () => {
        polls += 1;
        if (retried) return { body: { import: summary({ status: 'finished', processed_rows: 2, imported_count: 2 }) } };
        return { body: { import: polls < 2 ? summary({ status: 'running', processed_rows: 1 }) : failed } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.upload(fileInput(), new File(['date,first_name\n'], 'historic.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 donations' }));
    const title = await screen.findByText(
      'Import failed: 1 donation imported before it stopped',
      {},
      { timeout: 4000 },
    );
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/Importing…/)).not.toBeInTheDocument();
    // The history shows it as failed, with the same explanation.
    const table = await screen.findByRole('table', { name: 'Past imports' });
    const row = within(table).getByRole('row', { name: /historic\.csv/ });
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText(message)).toBeInTheDocument();
    // Nothing polls a failed import any more.
    const asked = fetches.callsTo('GET', '/npo_admin/imports/7').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fetches.callsTo('GET', '/npo_admin/imports/7')).toHaveLength(asked);
    // Run again: the job is queued once more and the page follows it to the end.
    await user.click(within(alert).getByRole('button', { name: 'Run the import of historic.csv again' }));
    expect(
      await screen.findByText(
        'Import finished: 2 donations imported, 1 row could not be imported.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/npo_admin/imports/7/retry')).toHaveLength(1);
  });

  it('offers no run again to a role that only views imports', async () => {
    stubFetch({
      'GET /npo_admin/imports': {
        body: { imports: [summary({ status: 'failed', imported_count: 4, failure_message: 'The import stopped.' })] },
      },
    });
    render(1984);
    const table = await screen.findByRole('table', { name: 'Past imports' });
    expect(within(table).getByText('The import stopped.')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /historic\.csv/ })).getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /again/ })).not.toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    stubFetch({ 'GET /npo_admin/imports': { status: 500, body: { message: 'Server trouble' } } });
    render();
    await waitFor(() => expect(screen.getByText('Imports could not be loaded')).toBeInTheDocument());
  });
});
