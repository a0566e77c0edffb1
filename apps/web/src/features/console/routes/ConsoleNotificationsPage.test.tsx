import type { TConsoleAnnouncement } from '@kindling/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConsoleNotificationsPage } from './ConsoleNotificationsPage.tsx';

const SENT: TConsoleAnnouncement = {
  id: 4,
  title: 'Maintenance on Sunday',
  message: 'Read-only from 02:00 to 03:00 UTC.',
  audience: 'chosen',
  organisations: 1,
  recipients: 3,
  emails_sent: 3,
  sent_by: 'Cora Console',
  created_at: '2026-11-20T15:00:00Z',
};

const render = () =>
  renderRoutes([{ path: '/console/notifications', element: <ConsoleNotificationsPage /> }], {
    initialEntries: ['/console/notifications'],
    session: signedInSession(7789),
  });

describe('ConsoleNotificationsPage', () => {
  it('sends an announcement to chosen organisations and shows it in the history', async () => {
    let history: TConsoleAnnouncement[] = [];
    const fetch = stubFetch({
      'GET /console/organizations': {
        body: {
          organisations: [{ id: 7, name: 'Harbour Hope Trust' }],
          total: 1,
          page: 1,
          per_page: 100,
        },
      },
      'GET /console/announcements': () => ({ body: { announcements: history } }),
      'POST /console/announcements': () => {
        history = [SENT];
        return { status: 201, body: SENT };
      },
    });
    render();
    expect(await screen.findByText('No announcements sent yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: SENT.title } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: SENT.message } });
    await user.click(screen.getByRole('radio', { name: 'The staff of chosen organisations' }));
    await user.click(await screen.findByRole('combobox', { name: 'Organisations' }));
    await user.click(await screen.findByRole('option', { name: 'Harbour Hope Trust' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Planned upgrade' } });
    await user.click(screen.getByRole('button', { name: 'Send announcement' }));

    await waitFor(() => expect(fetch.callsTo('POST', '/console/announcements')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/console/announcements')[0]?.body).toEqual({
      title: SENT.title,
      message: SENT.message,
      audience: 'chosen',
      npo_ids: [7],
      reason: 'Planned upgrade',
    });
    const table = await screen.findByRole('table', { name: 'Announcements sent' });
    expect(within(table).getByText(SENT.title)).toBeInTheDocument();
    expect(within(table).getByText('Chosen (1)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('shows the server’s field message and keeps what was written', async () => {
    stubFetch({
      'GET /console/organizations': { body: { organisations: [], total: 0, page: 1, per_page: 100 } },
      'GET /console/announcements': { body: { announcements: [] } },
      'POST /console/announcements': {
        status: 422,
        body: {
          status: 422,
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          fields: { reason: 'Give a reason (it is recorded in the audit log)' },
        },
      },
    });
    render();
    const user = userEvent.setup();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello everyone' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'x' } });
    await user.click(screen.getByRole('button', { name: 'Send announcement' }));
    expect(await screen.findByText('Give a reason (it is recorded in the audit log)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Hello');
  });
});
