import type { TTask } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TaskPage } from './TaskPage.tsx';
import { TasksPage } from './TasksPage.tsx';

const task = (overrides: Partial<TTask> = {}): TTask => ({
  id: 5,
  title: 'Call Priya',
  description: '',
  due_on: '2026-11-20',
  overdue: true,
  assignee: { id: 7, name: 'Stella Staff' },
  contact: { id: 9, name: 'Priya Patel' },
  deal: null,
  donation_id: null,
  priority: 'high',
  status: 'open',
  completed_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const OPTIONS = { stages: [], team: [{ id: 7, name: 'Stella Staff' }], currency: 'USD' };

const render = (entry: string) =>
  renderRoutes(
    [
      { path: '/dashboard/crm/tasks', element: <TasksPage /> },
      { path: '/dashboard/crm/tasks/:taskId', element: <TaskPage /> },
    ],
    { initialEntries: [entry], session: signedInSession(1984) },
  );

describe('TasksPage', () => {
  it('opens the form with the contact of ?contact= and sends the task, showing the server’s field errors', async () => {
    let attempts = 0;
    const stub = stubFetch({
      'GET /npo_admin/tasks': { body: { tasks: [], today: '2026-11-26' } },
      'GET /npo_admin/deal_options': { body: OPTIONS },
      'GET /npo_admin/contacts/9': { body: { id: 9, name: 'Priya Patel' } },
      'GET /npo_admin/tasks/5': { body: task({ title: 'Send the report', overdue: false }) },
      'POST /npo_admin/tasks': () =>
        ++attempts === 1
          ? { status: 400, body: { message: 'Invalid', fields: { due_on: 'Use a date as YYYY-MM-DD.' } } }
          : { status: 201, body: task({ title: 'Send the report', overdue: false }) },
    });
    const { router } = render('/dashboard/crm/tasks?contact=9');
    const form = await screen.findByRole('form', { name: 'New task' }, { timeout: 5000 });
    expect(screen.getByRole('combobox', { name: 'Contact' })).toHaveValue('Priya Patel');
    expect(stub.callsTo('GET', '/npo_admin/tasks')[0]?.query.get('contact_id')).toBe('9');
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Send the report');
    await userEvent.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Use a date as YYYY-MM-DD.')).toBeInTheDocument();
    expect(form).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/crm/tasks/5');
    expect(stub.callsTo('POST', '/npo_admin/tasks')[1]?.body).toMatchObject({
      title: 'Send the report',
      contact_id: 9,
      assignee_user_id: signedInSession(1984).userId,
      priority: 'normal',
    });
    // Two submissions through a modal form: slow on a loaded machine (it failed once at the 20 s default).
  }, 40_000);

  it('lists my tasks with the overdue ones marked, each linking to its page', async () => {
    stubFetch({
      'GET /npo_admin/tasks': { body: { tasks: [task()], today: '2026-11-26' } },
      'GET /npo_admin/deal_options': { body: OPTIONS },
    });
    render('/dashboard/crm/tasks');
    const link = await screen.findByRole('link', { name: 'Call Priya' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/dashboard/crm/tasks/5');
    expect(within(link.closest('tr') as HTMLElement).getByText('Overdue')).toBeInTheDocument();
  });
});
