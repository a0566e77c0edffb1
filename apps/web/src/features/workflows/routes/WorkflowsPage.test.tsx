import type { TWorkflow } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { WorkflowsPage } from './WorkflowsPage.tsx';

const WELCOME: TWorkflow = {
  id: 7,
  name: 'Welcome series for first-time donors',
  status: 'active',
  recipe: 'welcome_series',
  trigger: { kind: 'first_gift' },
  conditions: [],
  steps: [{ delay_days: 0, delay_hours: 0, action: { kind: 'send_email', subject: 'Welcome', html: '<p>Hi</p>' } }],
  contacts: 4,
  runs: { scheduled: 1, done: 6, skipped: 1, failed: 0 },
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-01T00:00:00.000Z',
};

const renderPage = (path: string) =>
  renderRoutes([{ path: '/dashboard/crm/workflow-automation', element: <WorkflowsPage /> }], {
    initialEntries: [path],
    session: signedInSession(1984),
  });

// Generous: the editor (tiptap) and Mantine's menus are slow to render on a loaded 2-core machine.
describe('WorkflowsPage', { timeout: 90_000 }, () => {
  it('lists workflows with their trigger and runs, pauses one, and shows a run history', async () => {
    const stub = stubFetch({
      'GET /npo_admin/workflows': { body: { workflows: [WELCOME] } },
      'PUT /npo_admin/workflows/7/status': { body: { ...WELCOME, status: 'paused' } },
      'GET /npo_admin/workflows/7/runs': {
        body: {
          runs: [
            {
              id: 1,
              contact_id: 3,
              contact_name: 'Ada Lovelace',
              trigger_key: 'evt_1',
              step_index: 0,
              action: 'send_email',
              status: 'skipped',
              due_at: '2026-11-01T10:00:00.000Z',
              finished_at: '2026-11-01T10:00:05.000Z',
              outcome: 'Skipped: the contact opted out of e-mail.',
            },
          ],
        },
      },
    });
    renderPage('/dashboard/crm/workflow-automation');
    const row = (await screen.findByRole('button', { name: WELCOME.name }, { timeout: 30_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText(/First gift → Send an e-mail/)).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: `Pause ${WELCOME.name}` }));
    expect(stub.callsTo('PUT', '/npo_admin/workflows/7/status')[0]?.body).toEqual({ status: 'paused' });
    await user.click(within(row).getByRole('button', { name: WELCOME.name }));
    expect(
      await screen.findByText('Skipped: the contact opted out of e-mail.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the field messages the server gives, and a dry run’s contacts', async () => {
    const stub = stubFetch({
      'GET /npo_admin/workflows': { body: { workflows: [] } },
      'GET /npo_admin/segments': { body: { segments: [] } },
      'POST /npo_admin/workflows/dry-run': {
        body: {
          total: 1,
          contacts: [{ id: 3, name: 'Ada Lovelace', email: 'ada@example.org', matched_at: '2026-11-20T00:00:00.000Z' }],
        },
      },
      'POST /npo_admin/workflows': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Enter a subject of up to 200 characters.',
          fields: { 'steps.0.action.subject': 'Enter a subject of up to 200 characters.' },
        },
      },
    });
    renderPage('/dashboard/crm/workflow-automation?new=1');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'Welcome');
    await user.click(screen.getByRole('button', { name: 'Dry run (last 30 days)' }));
    const dry = await screen.findByRole('status', { name: 'Dry run' }, { timeout: 5000 });
    expect(within(dry).getByText('1 contact matched in the last 30 days.')).toBeInTheDocument();
    expect(within(dry).getByText(/Ada Lovelace/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save workflow' }));
    expect(
      await screen.findByText('Enter a subject of up to 200 characters.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(stub.callsTo('POST', '/npo_admin/workflows')[0]?.body).toMatchObject({
      name: 'Welcome',
      trigger: { kind: 'first_gift' },
    });
  });

  it('writes an e-mail step in the rich-text editor with merge fields, and starts from a campaign’s form', async () => {
    // jsdom has no layout: ProseMirror asks a range for its rectangles when it scrolls to the cursor.
    const rects = { getClientRects: () => [] as unknown as DOMRectList, getBoundingClientRect: () => new DOMRect() };
    Object.assign(Range.prototype, rects);
    const stub = stubFetch({
      'GET /npo_admin/workflows': { body: { workflows: [] } },
      'GET /npo_admin/segments': { body: { segments: [] } },
      'GET /npo_admin/campaigns': {
        body: {
          campaigns: [
            { id: 5, name: 'Spring Appeal', parent_campaign_id: null },
            { id: 6, name: 'Ada’s page', parent_campaign_id: 5 },
          ],
          total: 2,
          page: 1,
          per_page: 100,
        },
      },
      'POST /npo_admin/workflows': { status: 201, body: { ...WELCOME, id: 8 } },
    });
    renderPage('/dashboard/crm/workflow-automation?new=1');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'Form welcome');
    await user.click(screen.getByRole('combobox', { name: /^Trigger/ }));
    await user.click(await screen.findByRole('option', { name: 'Donation form submitted' }));
    await user.click(await screen.findByRole('combobox', { name: /^Campaign form/ }));
    // Only campaigns: a fundraiser's page gives through its parent's form.
    expect(screen.queryByRole('option', { name: 'Ada’s page' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Spring Appeal' }));
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Thank you');
    // The rich-text editor with its toolbar, not an HTML box; merge fields go in at the cursor.
    const body = screen.getByRole('textbox', { name: 'Step 1 message' });
    expect(body).toHaveAttribute('contenteditable', 'true');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '{{donor_first_name}}' }));
    expect(body).toHaveTextContent('{{donor_first_name}}');
    await user.click(screen.getByRole('button', { name: 'Save workflow' }));
    await vi.waitFor(() => expect(stub.callsTo('POST', '/npo_admin/workflows')).toHaveLength(1), { timeout: 5000 });
    expect(stub.callsTo('POST', '/npo_admin/workflows')[0]?.body).toMatchObject({
      name: 'Form welcome',
      trigger: { kind: 'form_submitted', campaign_id: 5 },
      steps: [{ action: { kind: 'send_email', subject: 'Thank you', html: '<p>{{donor_first_name}}</p>' } }],
    });
  });

  it('starts from a rule-based segment and gives the task to a chosen member of staff', async () => {
    const stub = stubFetch({
      'GET /npo_admin/workflows': { body: { workflows: [] } },
      'GET /npo_admin/segments': {
        body: {
          segments: [
            { id: 21, name: 'Volunteers list', description: '', kind: 'static', rules: null, count: 2, updated_at: '' },
            { id: 22, name: 'Major donors', description: '', kind: 'dynamic', rules: null, count: 9, updated_at: '' },
          ],
        },
      },
      'GET /npo_admin/deal_options': {
        body: {
          stages: [],
          team: [
            { id: 41, name: 'Grace Hopper' },
            { id: 42, name: 'Alan Turing' },
          ],
          currency: 'USD',
        },
      },
      'POST /npo_admin/workflows': { status: 201, body: { ...WELCOME, id: 9 } },
    });
    renderPage('/dashboard/crm/workflow-automation?new=1');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'Major donor call');
    await user.click(screen.getByRole('combobox', { name: /^Trigger/ }));
    await user.click(await screen.findByRole('option', { name: 'Added to a segment or list' }));
    // Lists and rule-based segments both start a workflow.
    await user.click(await screen.findByRole('combobox', { name: /^Segment or list/ }));
    expect(await screen.findByRole('option', { name: 'Volunteers list' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Major donors' }));
    await user.click(screen.getByRole('combobox', { name: /^Action/ }));
    await user.click(await screen.findByRole('option', { name: 'Create a task' }));
    await user.type(screen.getByRole('textbox', { name: /^Task title/ }), 'Call to say thank you');
    const owner = screen.getByRole('combobox', { name: /^Task owner/ });
    expect(owner).toHaveValue('The contact’s owner');
    await user.click(owner);
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.click(screen.getByRole('button', { name: 'Save workflow' }));
    await vi.waitFor(() => expect(stub.callsTo('POST', '/npo_admin/workflows')).toHaveLength(1), { timeout: 5000 });
    expect(stub.callsTo('POST', '/npo_admin/workflows')[0]?.body).toMatchObject({
      trigger: { kind: 'segment_added', segment_id: 22 },
      steps: [{ action: { kind: 'create_task', title: 'Call to say thank you', assignee_user_id: 41 } }],
    });
  });

  it('fills an e-mail step from a ready-made or campaign e-mail, which staff then edit', async () => {
    const rects = { getClientRects: () => [] as unknown as DOMRectList, getBoundingClientRect: () => new DOMRect() };
    Object.assign(Range.prototype, rects);
    const stub = stubFetch({
      'GET /npo_admin/workflows': { body: { workflows: [] } },
      'GET /npo_admin/segments': { body: { segments: [] } },
      'GET /npo_admin/marketing/emails': {
        body: {
          emails: [
            {
              id: 3,
              name: 'Spring newsletter',
              subject: 'Spring at {{organisation_name}}',
              html: '<p>Hello {{donor_first_name}}, spring is here.</p>',
            },
          ],
        },
      },
      'POST /npo_admin/workflows': { status: 201, body: { ...WELCOME, id: 10 } },
    });
    renderPage('/dashboard/crm/workflow-automation?new=1');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'Spring welcome');
    const picker = screen.getByRole('combobox', { name: /^Start from a template/ });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'We miss you (lapsed donor)' }));
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveValue('We miss you, {{donor_first_name}}');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Spring newsletter' }));
    const subject = screen.getByRole('textbox', { name: /^Subject/ });
    expect(subject).toHaveValue('Spring at {{organisation_name}}');
    const body = screen.getByRole('textbox', { name: 'Step 1 message' });
    await vi.waitFor(() => expect(body).toHaveTextContent('spring is here.'), { timeout: 5000 });
    await user.type(subject, ' (for you)');
    await user.click(screen.getByRole('button', { name: 'Save workflow' }));
    await vi.waitFor(() => expect(stub.callsTo('POST', '/npo_admin/workflows')).toHaveLength(1), { timeout: 5000 });
    expect(stub.callsTo('POST', '/npo_admin/workflows')[0]?.body).toMatchObject({
      steps: [
        {
          action: {
            kind: 'send_email',
            subject: 'Spring at {{organisation_name}} (for you)',
            html: '<p>Hello {{donor_first_name}}, spring is here.</p>',
          },
        },
      ],
    });
  });
});
