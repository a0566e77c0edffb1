import type { TContactSummary, TSegment } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SegmentDonorsPage } from './SegmentDonorsPage.tsx';
import { SegmentsPage } from './SegmentsPage.tsx';

const render = (entry = '/dashboard/crm/segments') =>
  renderRoutes(
    [
      { path: '/dashboard/crm/segments', element: <SegmentsPage /> },
      { path: '/dashboard/crm/segments/:segmentId/donors', element: <SegmentDonorsPage /> },
    ],
    { initialEntries: [entry], session: signedInSession(1984) },
  );

/** The input a label names (a Mantine select's listbox is labelled by it too). */
const inputLabelled = (scope: HTMLElement, label: string | RegExp) => {
  const input = within(scope)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT' || el.tagName === 'TEXTAREA');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
};

const SEGMENT: TSegment = {
  id: 5,
  name: 'Monthly donors',
  description: 'Contacts with an active recurring plan.',
  kind: 'dynamic',
  rules: { match: 'all', rules: [{ field: 'recurring', operator: 'is', value: 'active' }] },
  count: 42,
  updated_at: '2026-03-01T12:00:00.000Z',
};
const OPTIONS = {
  fields: [{ id: 3, label: 'Pledge cap', field_type: 'number', options: [] }],
  team: [{ id: 7, name: 'Stella Staff' }],
  households: [],
};
const TARGETS = {
  campaigns: [{ id: 1, name: 'Spring Appeal' }],
  designations: [],
  currency: 'USD',
  tiers: [],
  events: [],
};
const member = (id: number, name: string): TContactSummary => ({
  id,
  contact_type: 'individual',
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
  tags: [],
  owner: null,
  household: null,
  lifetime_total_minor: 12_000,
  gift_count: 4,
  last_gift_at: '2026-03-04T10:00:00.000Z',
  custom_fields: {},
});

describe('Segments and the rule builder', () => {
  it('counts the rules live while they are edited, once they settle, and saves them', async () => {
    const user = userEvent.setup();
    const stub = stubFetch({
      'GET /npo_admin/segments': { body: { segments: [SEGMENT] } },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
      'GET /npo_admin/segments/options': { body: TARGETS },
      'POST /npo_admin/segments/count': ({ body }) => ({
        body: { count: JSON.stringify(body).includes('seg-vip') ? 3 : 120 },
      }),
      'POST /npo_admin/segments': ({ body }) => ({
        status: 201,
        body: { ...SEGMENT, id: 9, name: (body as { name: string }).name, count: 3 },
      }),
      'GET /npo_admin/segments/9': { body: { ...SEGMENT, id: 9, name: 'VIPs' } },
      'GET /npo_admin/segments/9/donors': {
        body: { contacts: [], total: 0, total_capped: false, page: 1, per_page: 25, currency: 'USD' },
      },
    });
    render();
    expect(await screen.findByRole('link', { name: 'Monthly donors' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/dashboard/crm/segments/5/donors',
    );
    expect(screen.getByText('42 contacts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New segment' }));
    const dialog = await screen.findByRole('dialog');
    // The starting rule (last gift more than a year ago) is counted.
    expect(await within(dialog).findByText('120 contacts match', {}, { timeout: 3000 })).toBeInTheDocument();

    // Change the rule to a tag: typing sends one count once the rule settles, not one per key.
    await user.click(inputLabelled(dialog, 'Rule 1 field'));
    await user.click(await screen.findByRole('option', { name: 'Tag' }));
    await user.type(inputLabelled(dialog, 'Rule 1 value'), 'seg-vip');
    expect(await within(dialog).findByText('3 contacts match', {}, { timeout: 3000 })).toBeInTheDocument();
    const counted = stub.callsTo('POST', '/npo_admin/segments/count').map((c) => JSON.stringify(c.body));
    expect(counted.at(-1)).toContain('"value":"seg-vip"');
    // Not one request per key: partial values are counted only if typing paused (a slow machine).
    const partial = counted.filter((b) => /"value":"s(e(g(-(v(i)?)?)?)?)?"/.test(b));
    expect(partial.length).toBeLessThan('seg-vip'.length - 1);

    // A group one level down, joined by OR.
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(within(dialog).getByRole('region', { name: 'Group 2' })).toBeInTheDocument();

    await user.type(inputLabelled(dialog, /^Name/), 'VIPs');
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    await waitFor(() => expect(stub.callsTo('POST', '/npo_admin/segments')).toHaveLength(1));
    expect(stub.callsTo('POST', '/npo_admin/segments')[0]?.body).toEqual({
      name: 'VIPs',
      description: '',
      kind: 'dynamic',
      rules: {
        match: 'all',
        rules: [
          { field: 'tag', operator: 'has', value: 'seg-vip' },
          {
            match: 'any',
            rules: [{ field: 'gift_date', name: 'last_gift', operator: 'not_in_last_days', value: 365 }],
          },
        ],
      },
    });
  }, 60_000);

  it('shows the server’s message under the rule it is about', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /npo_admin/segments': { body: { segments: [] } },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
      'GET /npo_admin/segments/options': { body: TARGETS },
      'POST /npo_admin/segments/count': ({ body }) =>
        JSON.stringify(body).includes('custom_field')
          ? {
              status: 400,
              body: {
                status: 400,
                code: 'VALIDATION_FAILED',
                message: 'Check the rules.',
                fields: { 'rules.rules.0.value': 'Pledge cap: Enter a number.' },
              },
            }
          : { body: { count: 10 } },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'New segment' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(inputLabelled(dialog, 'Rule 1 field'));
    await user.click(await screen.findByRole('option', { name: 'Pledge cap' }));
    expect(await within(dialog).findByText('Pledge cap: Enter a number.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Check the rules marked below.')).toBeInTheDocument();
  }, 30_000);

  it('lists a segment’s members, each linking to the contact’s record and to a task for them', async () => {
    stubFetch({
      'GET /npo_admin/segments/5': { body: SEGMENT },
      'GET /npo_admin/contacts/options': { body: OPTIONS },
      'GET /npo_admin/segments/options': { body: TARGETS },
      'GET /npo_admin/segments/5/donors': {
        body: {
          contacts: [member(11, 'Ada Lovelace'), member(12, 'Alan Turing')],
          total: 2,
          total_capped: false,
          page: 1,
          per_page: 25,
          currency: 'USD',
        },
      },
    });
    render('/dashboard/crm/segments/5/donors');
    const link = await screen.findByRole('link', { name: 'Alan Turing' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/dashboard/crm/contacts?contact=12');
    expect(screen.getByRole('link', { name: 'Create task for Alan Turing' })).toHaveAttribute(
      'href',
      '/dashboard/crm/tasks?contact=12',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/segments/5/donors/export',
    );
    expect(screen.getByRole('heading', { name: 'Monthly donors' })).toBeInTheDocument();
  });
});
