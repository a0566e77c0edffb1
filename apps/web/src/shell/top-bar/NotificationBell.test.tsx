import { MESSAGES } from '@kindling/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConsumerFactory } from '../../app/cable.ts';
import { fakeConsumer, listResponse, notification } from '../../features/notifications/test-support.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { signedInSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NotificationBell } from './NotificationBell.tsx';

function renderBell() {
  return renderRoutes([{ path: '*', element: <NotificationBell /> }], {
    initialEntries: ['/dashboard/home'],
    session: signedInSession(5150),
  });
}

const openBell = async (user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Notifications/) => {
  await user.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('dialog', { name: 'Notifications' }));
};

afterEach(() => {
  setConsumerFactory(() => null);
  // Toasts live in a store shared by every render: start each test without the last one's.
  notifications.clean();
});

describe('NotificationBell', () => {
  it('shows the unread count and the newest notifications with their time and link', async () => {
    stubFetch({
      'GET /notifications': {
        body: listResponse([notification(2, { link: '/dashboard/donation/2' }), notification(1, { read: true })]),
      },
    });
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    expect(bell.parentElement).toHaveTextContent('1');
    const dropdown = await openBell(user, 'Notifications (1 unread)');
    const first = dropdown.getByRole('article', { name: 'New donation 2' });
    expect(first).toHaveTextContent('Donor 2 gave $25.00.');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/dashboard/donation/2');
    expect(dropdown.getByRole('article', { name: 'New donation 1' })).toBeInTheDocument();
  });

  it('marks read, unread and dismisses one, and marks all read and dismisses all, then refetches', async () => {
    let items = [notification(2), notification(1, { read: true })];
    const fetchStub = stubFetch({
      'GET /notifications': () => ({ body: listResponse(items) }),
      'PATCH /notification_recipients/102/mark_as_read': () => {
        items = [notification(2, { read: true }), notification(1, { read: true })];
        return { body: {} };
      },
      'PATCH /notification_recipients/101/mark_as_unread': { body: {} },
      'PATCH /notification_recipients/101/dismiss': { body: {} },
      'POST /notification_recipients/mark_all_as_read': { body: { updated: 0 } },
      'POST /notification_recipients/dismiss_all': () => {
        items = [];
        return { body: { updated: 2 } };
      },
    });
    const user = userEvent.setup();
    renderBell();
    const dropdown = await openBell(user, 'Notifications (1 unread)');
    await user.click(dropdown.getByRole('button', { name: 'Mark as read: New donation 2' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(dropdown.getByRole('button', { name: 'Mark as unread: New donation 1' }));
    await user.click(dropdown.getByRole('button', { name: 'Dismiss: New donation 1' }));
    await waitFor(() => expect(fetchStub.callsTo('PATCH', '/notification_recipients/101/dismiss')).toHaveLength(1));
    expect(fetchStub.callsTo('PATCH', '/notification_recipients/101/mark_as_unread')).toHaveLength(1);

    await user.click(dropdown.getByRole('button', { name: 'Dismiss all' }));
    expect(await dropdown.findByText(MESSAGES.noNotifications)).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/notification_recipients/dismiss_all')).toHaveLength(1);
    expect(fetchStub.callsTo('GET', '/notifications').length).toBeGreaterThanOrEqual(4);
  });

  it('sends mark all as read only when something is unread', async () => {
    const fetchStub = stubFetch({
      'GET /notifications': { body: listResponse([notification(3)]) },
      'POST /notification_recipients/mark_all_as_read': { body: { updated: 1 } },
    });
    const user = userEvent.setup();
    renderBell();
    const dropdown = await openBell(user, 'Notifications (1 unread)');
    await user.click(dropdown.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(fetchStub.callsTo('POST', '/notification_recipients/mark_all_as_read')).toHaveLength(1));
  });

  it("says 'No notifications' when there are none, and only logs a failed load", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ 'GET /notifications': { status: 500, body: { status: 500, code: 'INTERNAL', message: 'boom' } } });
    const user = userEvent.setup();
    renderBell();
    const dropdown = await openBell(user);
    expect(await dropdown.findByText(MESSAGES.noNotifications)).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Notifications could not be loaded', expect.anything()));
    expect(dropdown.queryByRole('alert')).toBeNull();
  });
});

describe('NotificationBell live channel', () => {
  it('refreshes the count and shows a toast when a notification arrives', async () => {
    const fake = fakeConsumer();
    setConsumerFactory(() => fake.consumer);
    let items = [notification(1, { read: true })];
    stubFetch({ 'GET /notifications': () => ({ body: listResponse(items) }) });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(fake.subscriptions[0]?.params).toEqual({ channel: 'NotificationChannel' });

    const arrived = notification(7, { title: 'New donation 7' });
    items = [arrived, ...items];
    act(() => fake.mixin().received({ notification: arrived }));
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
    // The dropdown is closed: the message on screen is the toast's.
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('New donation 7');
    expect(toast).toHaveTextContent('Donor 7 gave $25.00.');
  });

  it('discards a payload without a notification with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = fakeConsumer();
    setConsumerFactory(() => fake.consumer);
    const fetchStub = stubFetch({ 'GET /notifications': { body: listResponse([]) } });
    renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(fetchStub.callsTo('GET', '/notifications')).toHaveLength(1));
    act(() => fake.mixin().received({ message: 'hello' }));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('discarded'), { message: 'hello' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchStub.callsTo('GET', '/notifications')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns that authentication failed when the subscription is rejected, and closes on unmount', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = fakeConsumer();
    setConsumerFactory(() => fake.consumer);
    stubFetch({ 'GET /notifications': { body: listResponse([]) } });
    const { unmount } = renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    act(() => fake.mixin().rejected());
    expect(warn).toHaveBeenCalledWith('Live notifications: authentication failed');
    unmount();
    expect(fake.spies.disconnect).toHaveBeenCalled();
  });
});
