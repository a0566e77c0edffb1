import type { TNote } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { signedInSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NotesPanel } from './NotesPanel.tsx';

const render = () =>
  renderRoutes([{ path: '/', element: <NotesPanel subject="donation" id={7} /> }], {
    session: signedInSession(1984),
  });

const note = (id: number, overrides: Partial<TNote> = {}): TNote => ({
  id,
  body: `Note ${id}`,
  author_user_id: 1,
  author_name: 'Ada Admin',
  created_at: '2026-03-04T10:00:00.000Z',
  mine: false,
  deletable: false,
  ...overrides,
});

describe('NotesPanel', () => {
  it('lists the notes and offers delete on those the server says I may delete', async () => {
    stubFetch({
      'GET /npo_admin/donations/7/notes': {
        body: {
          notes: [
            note(1),
            note(2, { mine: true, deletable: true, author_name: 'Me' }),
            // An organisation admin may delete a colleague's note.
            note(3, { deletable: true, author_name: 'Stella Staff' }),
          ],
        },
      },
    });
    render();
    const list = await screen.findByRole('list', { name: 'Notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Delete note' })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Delete note' })).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByRole('button', { name: 'Delete note' })).toBeInTheDocument();
  });

  it('says when there are none, adds one and shows it', async () => {
    let notes: TNote[] = [];
    const fetchStub = stubFetch({
      'GET /npo_admin/donations/7/notes': () => ({ body: { notes } }),
      'POST /npo_admin/donations/7/notes': ({ body }) => {
        const created = note(3, { body: (body as { body: string }).body, mine: true, deletable: true });
        notes = [created];
        return { status: 201, body: { note: created } };
      },
    });
    render();
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Add a note'), 'Thanked by phone');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Thanked by phone')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/npo_admin/donations/7/notes')[0]?.body).toEqual({ body: 'Thanked by phone' });
    expect(screen.getByLabelText('Add a note')).toHaveValue('');
  });

  it("shows the server's message for a refused note and an error with retry for a failed load", async () => {
    let fail = true;
    stubFetch({
      'GET /npo_admin/donations/7/notes': () =>
        fail ? { status: 500, body: { message: 'Server trouble' } } : { body: { notes: [] } },
      'POST /npo_admin/donations/7/notes': {
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { body: 'Write the note.' } },
      },
    });
    render();
    expect(await screen.findByText('Notes could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Add a note'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note.')).toBeInTheDocument();
  });

  it('dates a note on the organisation’s clock, in its locale', async () => {
    stubFetch({
      'GET /npo_admin/donations/7/notes': {
        body: { notes: [note(1, { created_at: '2031-02-15T04:30:00.000Z' })] },
      },
    });
    const npo = {
      id: 1,
      name: 'Hope',
      logo: null,
      base_currency: 'GBP',
      time_zone: 'America/New_York',
      locale: 'en-GB',
    };
    renderRoutes([{ path: '/', element: <NotesPanel subject="donation" id={7} /> }], {
      session: { ...signedInSession(1984), npo },
    });
    expect(await screen.findByText('14 Feb 2031, 23:30')).toBeInTheDocument();
  });
});
