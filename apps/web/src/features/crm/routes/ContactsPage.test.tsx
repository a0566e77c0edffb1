import type { TContactRecord, TContactSummary } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ContactsPage } from './ContactsPage.tsx';

const render = (entry = '/dashboard/crm/contacts', role: 1984 | 5150 = 1984) =>
  renderRoutes([{ path: '/dashboard/crm/contacts', element: <ContactsPage /> }], {
    initialEntries: [entry],
    session: signedInSession(role),
  });

const contact = (id: number, overrides: Partial<TContactSummary> = {}): TContactSummary => ({
  id,
  contact_type: 'individual',
  name: 'Grace Hopper',
  email: `grace${id}@example.org`,
  tags: [],
  owner: null,
  household: null,
  lifetime_total_minor: 12_345,
  gift_count: 3,
  last_gift_at: '2026-03-04T10:00:00.000Z',
  custom_fields: {},
  ...overrides,
});
const page = (contacts: TContactSummary[]) => ({
  contacts,
  total: contacts.length,
  total_capped: false,
  page: 1,
  per_page: 25,
  currency: 'USD',
});
const OPTIONS = { fields: [], team: [{ id: 7, name: 'Stella Staff' }], households: [] };
const VIEW = {
  id: 4,
  name: 'Major gift prospects',
  shared: true,
  mine: false,
  config: {
    columns: ['email', 'type', 'tags'],
    filters: { type: 'prospect', tag: 'major-gift' },
    sort: 'name',
    direction: 'asc',
  },
};

const record = (overrides: Partial<TContactRecord> = {}): TContactRecord => ({
  id: 9,
  contact_type: 'prospect',
  name: 'Priya Patel',
  first_name: 'Priya',
  last_name: 'Patel',
  email: '',
  emails: [],
  phones: [{ number: '+1 555 0100', label: 'mobile', primary: true }],
  address: { address: '', address2: '', city: '', state: '', postal_code: '', country: '' },
  addresses: [],
  date_of_birth: null,
  employer: '',
  source: 'Gala',
  owner: null,
  tags: ['major-gift'],
  communication: {
    email: { allowed: true, opted_out_at: null, source: '' },
    post: { allowed: true, opted_out_at: null, source: '' },
    phone: { allowed: true, opted_out_at: null, source: '' },
    sms: { allowed: false, opted_out_at: '2026-03-01T12:00:00.000Z', source: 'Phone call' },
  },
  custom_fields: {},
  household: {
    id: 3,
    name: 'The Patel Family',
    salutation: 'Dear Patels',
    address: '',
    address2: '',
    city: '',
    state: '',
    postal_code: '',
    country: '',
    members: [
      { id: 9, name: 'Priya Patel', lifetime_total_minor: 0, gift_count: 0 },
      { id: 2, name: 'Raj Patel', lifetime_total_minor: 5_000, gift_count: 2 },
    ],
    lifetime_total_minor: 5_000,
    gift_count: 2,
    currency: 'USD',
    statement_years: [2026, 2025],
  },
  relationships: [{ id: 1, kind: 'spouse', label: 'Spouse of', other: { id: 2, name: 'Raj Patel' } }],
  soft_credits: { total_minor: 0, count: 0, latest: [] },
  giving: { lifetime_total_minor: 0, gift_count: 0, first_gift_at: null, last_gift_at: null, currency: 'USD' },
  created_at: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

describe('ContactsPage', () => {
  it('lists contacts with their type and tags, each linking to its record', async () => {
    stubFetch({
      'GET /npo_admin/contacts': {
        body: page([
          contact(1),
          contact(2, { name: 'Harbor Foundation', contact_type: 'foundation', tags: ['grants'] }),
        ]),
      },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
      'GET /npo_admin/contact_views': { body: { views: [] } },
    });
    render();
    const link = await screen.findByRole('link', { name: 'Harbor Foundation' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/dashboard/crm/contacts?contact=2');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Foundation')).toBeInTheDocument();
    expect(within(row).getByText('grants')).toBeInTheDocument();
    expect(screen.getByText('2 contacts')).toBeInTheDocument();
  });

  it('applies a saved view: its filters go to the server and into the URL', async () => {
    const stub = stubFetch({
      'GET /npo_admin/contacts': { body: page([contact(1)]) },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
      'GET /npo_admin/contact_views': { body: { views: [VIEW] } },
    });
    const { router } = render();
    await screen.findByRole('link', { name: 'Grace Hopper' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Saved view' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Major gift prospects' }));
    await expect.poll(() => stub.calls.at(-1)?.query.get('tag')).toBe('major-gift');
    expect(stub.calls.at(-1)?.query.get('type')).toBe('prospect');
    await expect.poll(() => router.state.location.search).toContain('view=4');
  });

  it('shows the empty state and the error state', async () => {
    stubFetch({
      'GET /npo_admin/contacts': { body: page([]) },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
      'GET /npo_admin/contact_views': { body: { views: [] } },
    });
    const first = render();
    expect(await screen.findByText('No contacts to show yet', {}, { timeout: 5000 })).toBeInTheDocument();
    first.unmount();
    stubFetch({
      'GET /npo_admin/contacts': { status: 500, body: { message: 'Database unavailable' } },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
      'GET /npo_admin/contact_views': { body: { views: [] } },
    });
    render();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Contacts could not be loaded');
  });

  it("shows a contact's record: household giving, relationships read from its side, opt-outs", async () => {
    stubFetch({
      'GET /npo_admin/contacts/9': { body: record() },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
    });
    render('/dashboard/crm/contacts?contact=9');
    const household = await screen.findByRole('region', { name: 'Household' }, { timeout: 5000 });
    expect(within(household).getByText('The Patel Family')).toBeInTheDocument();
    expect(within(household).getAllByText('$50.00').length).toBeGreaterThan(0);
    expect(within(household).getByRole('link', { name: /Household statement/ })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/households/3/statement.pdf?year=2026',
    );
    const relationships = screen.getByRole('region', { name: 'Relationships' });
    expect(within(relationships).getAllByRole('listitem')[0]).toHaveTextContent('Spouse of Raj Patel');
    expect(within(relationships).getByRole('link', { name: 'Raj Patel' })).toHaveAttribute(
      'href',
      '/dashboard/crm/contacts?contact=2',
    );
    const preferences = screen.getByRole('region', { name: 'Communication preferences' });
    expect(within(preferences).getByText(/Opted out .*\(Phone call\)/)).toBeInTheDocument();
  });

  it('says so when the contact is not the organisation’s', async () => {
    stubFetch({
      'GET /npo_admin/contacts/77': { status: 404, body: { message: 'Contact not found.' } },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
    });
    render('/dashboard/crm/contacts?contact=77');
    expect(await screen.findByText('Contact not found', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  // crm20: households made from the record, soft credits shown apart from the contact's own giving.
  it('creates a household from the record with the contact in it, and lists the gifts credited to them', async () => {
    const alone = record({
      household: null,
      soft_credits: {
        total_minor: 2_500,
        count: 1,
        latest: [
          {
            contact: { id: 9, name: 'Priya Patel' },
            kind: 'matching_gift',
            donation_id: 41,
            donor: { id: 5, name: 'Acme Widgets' },
            amount_minor: 2_500,
            currency: 'USD',
            donated_at: '2026-03-02T12:00:00.000Z',
          },
        ],
      },
    });
    const household = { ...(record().household as NonNullable<TContactRecord['household']>), id: 12 };
    const stub = stubFetch({
      'GET /npo_admin/contacts/9': { body: alone },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
      'POST /npo_admin/households': { status: 201, body: household },
      'POST /npo_admin/households/12/members': { body: household },
    });
    render('/dashboard/crm/contacts?contact=9');
    const credits = await screen.findByRole('region', { name: 'Soft credits' }, { timeout: 5000 });
    expect(within(credits).getByRole('link', { name: /\$25\.00/ })).toHaveAttribute('href', '/dashboard/donation/41');
    expect(credits).toHaveTextContent('from Acme Widgets · Matching gift');
    const region = screen.getByRole('region', { name: 'Household' });
    await userEvent.click(within(region).getByRole('button', { name: 'Create a household' }));
    expect(within(region).getByLabelText(/Household name/)).toHaveValue('The Patel Family');
    await userEvent.type(within(region).getByLabelText('Salutation'), 'Dear Patels');
    await userEvent.click(within(region).getByRole('button', { name: 'Create household' }));
    await screen.findByRole('button', { name: 'Create a household' }, { timeout: 5000 });
    expect(stub.callsTo('POST', '/npo_admin/households')[0]?.body).toEqual({
      name: 'The Patel Family',
      salutation: 'Dear Patels',
    });
    expect(stub.callsTo('POST', '/npo_admin/households/12/members')[0]?.body).toEqual({ contact_id: 9 });
  });
});
