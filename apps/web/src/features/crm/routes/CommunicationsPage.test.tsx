import type { TCommunication, TGuidePage } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CommunicationsGuidePage } from './CommunicationsGuidePage.tsx';
import { CommunicationsPage } from './CommunicationsPage.tsx';

const entry = (key: string, overrides: Partial<TCommunication> = {}): TCommunication => ({
  key,
  id: null,
  kind: 'email',
  source: 'receipt',
  direction: 'outbound',
  subject: 'Receipt R-2026-0042',
  body: '',
  occurred_at: '2026-11-20T15:00:00.000Z',
  contact: { id: 12, name: 'Ada Lovelace' },
  by: null,
  donation_id: 42,
  deletable: false,
  ...overrides,
});
const CALL = entry('logged-3', {
  id: 3,
  kind: 'call',
  source: 'logged',
  subject: 'Thank-you call',
  body: 'Left a message.',
  by: { id: 7, name: 'Stella Staff' },
  donation_id: null,
  deletable: true,
});

const renderList = (path = '/dashboard/crm/communications') =>
  renderRoutes([{ path: '/dashboard/crm/communications', element: <CommunicationsPage /> }], {
    initialEntries: [path],
    session: signedInSession(1984),
  });

describe('CommunicationsPage', () => {
  it('lists what was sent and logged with its contact, author and gift, and filters by kind', async () => {
    const stub = stubFetch({
      'GET /npo_admin/communications': {
        body: { communications: [CALL, entry('receipt-42')], page: 1, has_more: false },
      },
    });
    const { router } = renderList();
    const call = (await screen.findByText('Thank-you call', {}, { timeout: 5000 })).closest('li') as HTMLElement;
    expect(within(call).getByText('Left a message.')).toBeInTheDocument();
    expect(within(call).getByText(/Logged by Stella Staff/)).toBeInTheDocument();
    expect(within(call).getByRole('button', { name: 'Delete: Thank-you call' })).toBeInTheDocument();
    const receipt = screen.getByText('Receipt R-2026-0042').closest('li') as HTMLElement;
    expect(within(receipt).getByRole('link', { name: 'Donation #42' })).toHaveAttribute(
      'href',
      '/dashboard/donation/42',
    );
    expect(within(receipt).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/dashboard/crm/contacts?contact=12',
    );
    expect(within(receipt).queryByRole('button', { name: /Delete/ })).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Call' }));
    await expect.poll(() => stub.calls.at(-1)?.query.get('kind')).toBe('call');
    expect(router.state.location.search).toBe('?kind=call');
  });

  it('logs a call with a chosen contact, and shows the server’s field message when it refuses', async () => {
    let posted: unknown = null;
    stubFetch({
      'GET /npo_admin/communications': { body: { communications: [], page: 1, has_more: false } },
      'GET /npo_admin/contacts': {
        body: { contacts: [{ id: 12, name: 'Ada Lovelace' }], total: 1, total_capped: false, page: 1, per_page: 10 },
      },
      'POST /npo_admin/communications': (call) => {
        posted = call.body;
        return {
          status: 400,
          body: {
            message: 'Validation failed',
            fields: { occurred_at: 'Enter when it happened; it cannot be in the future.' },
          },
        };
      },
    });
    renderList();
    expect(await screen.findByText('No communications logged yet', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log a contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a contact' }, { timeout: 3000 });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Contact' }), 'Ada');
    await userEvent.click(await screen.findByRole('option', { name: 'Ada Lovelace' }, { timeout: 3000 }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Subject' }));
    await userEvent.paste('Thank-you call');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Summary' }));
    await userEvent.paste('Spoke for ten minutes.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'They contacted us' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log it' }));
    expect(await within(dialog).findByText('Enter when it happened; it cannot be in the future.')).toBeInTheDocument();
    expect(posted).toMatchObject({
      contact_id: 12,
      kind: 'call',
      direction: 'inbound',
      subject: 'Thank-you call',
      body: 'Spoke for ten minutes.',
    });
    expect(Date.parse((posted as { occurred_at: string }).occurred_at)).toBeGreaterThan(Date.now() - 5 * 60_000);
  }, 40_000);
});

const PAGES: TGuidePage[] = [
  {
    slug: 'tone-of-voice',
    title: 'Tone of voice',
    body_html: '<p>Warm and plain.</p>',
    position: 0,
    updated_at: null,
    updated_by: null,
  },
  {
    slug: 'thank-you-calls',
    title: 'Thank-you calling script',
    body_html: '<ol><li>Hello</li></ol>',
    position: 1,
    updated_at: null,
    updated_by: null,
  },
];
const renderGuide = (role: 1984 | 5150) =>
  renderRoutes([{ path: '/dashboard/crm/communications-guide', element: <CommunicationsGuidePage /> }], {
    initialEntries: ['/dashboard/crm/communications-guide'],
    session: signedInSession(role),
  });

describe('CommunicationsGuidePage', () => {
  it('shows staff the guide’s pages to read, without editing', async () => {
    stubFetch({ 'GET /npo_admin/communications_guide': { body: { pages: PAGES } } });
    renderGuide(1984);
    expect(await screen.findByText('Warm and plain.', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Thank-you calling script'));
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit page' })).toBeNull();
  });

  it('lets an admin rename a page and saves it', async () => {
    let saved: unknown = null;
    stubFetch({
      'GET /npo_admin/communications_guide': { body: { pages: PAGES } },
      'PUT /npo_admin/communications_guide/tone-of-voice': (call) => {
        saved = call.body;
        const page = {
          ...PAGES[0],
          ...(call.body as object),
          updated_at: '2026-11-26T09:00:00.000Z',
          updated_by: 'Ada Admin',
        };
        return { body: { pages: [page, PAGES[1]] } };
      },
    });
    renderGuide(5150);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit page' }, { timeout: 5000 }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Our voice');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByRole('heading', { name: 'Our voice' })).toBeInTheDocument();
    expect(saved).toMatchObject({ title: 'Our voice', body_html: '<p>Warm and plain.</p>' });
    expect(screen.getByText(/Last changed .* by Ada Admin/)).toBeInTheDocument();
  });
});
