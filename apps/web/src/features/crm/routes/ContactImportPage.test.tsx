import type { TContactImportSummary, TRoleCode } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ContactImportPage } from './ContactImportPage.tsx';

const render = (role: TRoleCode = 5150) =>
  renderRoutes([{ path: '/dashboard/crm/contacts/import', element: <ContactImportPage /> }], {
    initialEntries: ['/dashboard/crm/contacts/import'],
    session: signedInSession(role),
  });

const summary = (overrides: Partial<TContactImportSummary> = {}): TContactImportSummary => ({
  id: 9,
  file_name: 'people.csv',
  status: 'uploaded',
  columns: ['Mail', 'Given name', 'Surname'],
  mapping: {},
  on_match: 'update',
  total_rows: 3,
  valid_rows: 0,
  processed_rows: 0,
  created_count: 0,
  updated_count: 0,
  skipped_count: 0,
  failed_count: 0,
  created_at: '2026-03-04T10:00:00.000Z',
  finished_at: null,
  failure_message: null,
  ...overrides,
});

const preview = [
  { row: 2, cells: { email: 'new@example.org', first_name: 'Nia' }, action: 'create' as const, errors: [] },
  { row: 3, cells: { email: 'grace@example.org', first_name: 'Grace' }, action: 'skip' as const, errors: [] },
  { row: 4, cells: { email: 'nope', first_name: 'Bad' }, action: null, errors: ['email: not a valid e-mail address.'] },
];

describe('ContactImportPage', () => {
  it('maps the columns (the e-mail one required), previews each row’s outcome, runs the import and reports its counts', async () => {
    let polls = 0;
    const fetches = stubFetch({
      'POST /npo_admin/contact_imports': {
        status: 201,
        body: { import: summary(), suggested_mapping: { first_name: 'Given name', last_name: 'Surname' } },
      },
      'POST /npo_admin/contact_imports/9/preview': {
        body: {
          import: summary({ status: 'previewed', valid_rows: 2, failed_count: 1 }),
          preview,
          planned: { create: 1, update: 0, skip: 1 },
        },
      },
      'POST /npo_admin/contact_imports/9/start': { status: 202, body: { import: summary({ status: 'queued' }) } },
      'GET /npo_admin/contact_imports/9': () => {
        polls += 1;
        return {
          body: {
            import: summary(
              polls < 2
                ? { status: 'running', valid_rows: 2, processed_rows: 1 }
                : {
                    status: 'finished',
                    valid_rows: 2,
                    processed_rows: 2,
                    created_count: 1,
                    skipped_count: 1,
                    failed_count: 1,
                  },
            ),
          },
        };
      },
    });
    const user = userEvent.setup();
    render();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['Mail\n'], 'people.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Read file' }));
    // The guess from the header is shown; the e-mail column was not guessed and is asked for.
    expect(await screen.findByRole('combobox', { name: 'First name' })).toHaveValue('Given name');
    await user.click(screen.getByRole('button', { name: 'Check rows' }));
    expect(
      await screen.findByText('Choose the column that holds the e-mail address: contacts are matched on it.'),
    ).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/npo_admin/contact_imports/9/preview')).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: /E-mail/ }));
    await user.click(await screen.findByRole('option', { name: 'Mail' }));
    await user.click(screen.getByRole('radio', { name: 'Skip the row' }));
    await user.click(screen.getByRole('button', { name: 'Check rows' }));
    const table = await screen.findByRole('table', { name: 'Preview of the first rows' });
    expect(fetches.callsTo('POST', '/npo_admin/contact_imports/9/preview')[0]?.body).toEqual({
      mapping: { email: 'Mail', first_name: 'Given name', last_name: 'Surname' },
      on_match: 'skip',
    });
    expect(within(table).getByRole('row', { name: /grace@example.org/ })).toHaveTextContent(
      'Skipped: already a contact',
    );
    expect(within(table).getByRole('row', { name: /nope/ })).toHaveTextContent('email: not a valid e-mail address.');
    expect(screen.getByText(/1 new, 0 to update, 1 to skip, 1 with errors/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 contacts' }));
    expect(
      await screen.findByText(
        'Import finished: 1 created, 0 updated, 1 skipped, 1 could not be imported.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Rows that could not be imported/ })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/contact_imports/9/errors.csv',
    );
    // Thirteen selects and a polled job: slower than the default on a shared machine.
  }, 60_000);

  it('shows the server’s words when the file is refused, and staff only view', async () => {
    stubFetch({
      'POST /npo_admin/contact_imports': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again.',
        },
      },
    });
    const user = userEvent.setup();
    const { unmount } = render();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'latin.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Read file' }));
    expect(
      await screen.findByText('The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again.'),
    ).toBeInTheDocument();
    unmount();
    render(1984);
    expect(await screen.findByText(/An administrator, manager or finance member imports contacts/)).toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();
  });
});
