import type { TRoleCode } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CrmSettingsPage } from './CrmSettingsPage.tsx';

const render = (role: TRoleCode = 5150) =>
  renderRoutes([{ path: '/dashboard/crm/settings', element: <CrmSettingsPage /> }], {
    initialEntries: ['/dashboard/crm/settings'],
    session: signedInSession(role),
  });

const STAGES = [
  { key: 'identified', label: 'Identified', probability: 10 },
  { key: 'pledged', label: 'Pledged', probability: 90 },
  { key: 'won', label: 'Won', probability: 100 },
  { key: 'lost', label: 'Lost', probability: 0 },
];
const options = {
  fields: [{ id: 3, label: 'Level', field_type: 'choice', options: ['Gold', 'Silver'] }],
  team: [],
  households: [],
};

describe('CrmSettingsPage', () => {
  it('adds a custom field, showing the server’s message under the name when it is taken', async () => {
    const fetches = stubFetch({
      'GET /npo_admin/contacts/options': { body: options },
      'GET /npo_admin/deal_options': { body: { stages: STAGES, team: [], currency: 'USD' } },
      'POST /npo_admin/contact_fields': (call) =>
        (call.body as { label: string }).label === 'Level'
          ? {
              status: 409,
              body: {
                status: 409,
                code: 'CONFLICT',
                message: 'A field with this name exists.',
                fields: { label: 'A field with this name exists.' },
              },
            }
          : { status: 201, body: { id: 4 } },
    });
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('table', { name: 'Custom contact fields' });
    expect(within(table).getByRole('row', { name: /Level/ })).toHaveTextContent('Choice: Gold, Silver');
    await user.type(screen.getByRole('textbox', { name: 'Field name' }), 'Level');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('A field with this name exists.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Field name' }));
    await user.type(screen.getByRole('textbox', { name: 'Field name' }), 'Pledge year');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await screen.findByRole('textbox', { name: 'Field name' });
    expect(fetches.callsTo('POST', '/npo_admin/contact_fields').at(-1)?.body).toEqual({
      label: 'Pledge year',
      field_type: 'text',
      options: [],
    });
  }, 30_000);

  it('renames, reorders and adds stages, keeps Won and Lost, and saves them in order', async () => {
    const fetches = stubFetch({
      'GET /npo_admin/contacts/options': { body: options },
      'GET /npo_admin/deal_options': { body: { stages: STAGES, team: [], currency: 'USD' } },
      'PUT /npo_admin/deal_stages': (call) => ({
        body: { stages: (call.body as { stages: unknown[] }).stages, team: [], currency: 'USD' },
      }),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('button', { name: 'Remove Won' })).toBeDisabled();
    const list = screen.getByRole('list', { name: 'Deal stages' });
    const first = within(list).getByRole('textbox', { name: 'Stage 1 name' });
    await user.clear(first);
    await user.type(first, 'Spotted');
    await user.click(within(list).getByRole('button', { name: 'Move Pledged up' }));
    await user.click(screen.getByRole('button', { name: 'Add a stage' }));
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    expect(await screen.findByText('Stages saved.')).toBeInTheDocument();
    expect(
      (fetches.callsTo('PUT', '/npo_admin/deal_stages')[0]?.body as { stages: unknown[] } | undefined)?.stages,
    ).toEqual([
      { key: 'pledged', label: 'Pledged', probability: 90 },
      { key: 'identified', label: 'Spotted', probability: 10 },
      { key: 'new_stage', label: 'New stage', probability: 50 },
      { key: 'won', label: 'Won', probability: 100 },
      { key: 'lost', label: 'Lost', probability: 0 },
    ]);
  }, 30_000);

  it('shows staff the fields and stages without the controls to change them', async () => {
    stubFetch({
      'GET /npo_admin/contacts/options': { body: options },
      'GET /npo_admin/deal_options': { body: { stages: STAGES, team: [], currency: 'USD' } },
    });
    render(1984);
    expect(await screen.findByRole('table', { name: 'Custom contact fields' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add field' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save stages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove the field/ })).not.toBeInTheDocument();
  });
});
