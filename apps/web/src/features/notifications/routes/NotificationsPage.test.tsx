import { MESSAGES } from '@kindling/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { listResponse, notification } from '../test-support.ts';
import { NotificationsPage } from './NotificationsPage.tsx';

const render = (entry = '/notifications') =>
  renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], {
    initialEntries: [entry],
    session: signedInSession(5150),
  });

describe('NotificationsPage', () => {
  it('filters by unread and read through the query string and the server', async () => {
    const fetchStub = stubFetch({
      'GET /notifications': ({ query }) => {
        const status = query.get('status');
        if (status === 'unread') return { body: listResponse([notification(2)]) };
        if (status === 'read') return { body: listResponse([], { unread_count: 1 }) };
        return { body: listResponse([notification(2), notification(1, { read: true })]) };
      },
    });
    const user = userEvent.setup();
    const { router } = render();
    expect(await screen.findByRole('article', { name: 'New donation 1' })).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'New donation 1' })).toBeNull());
    expect(screen.getByRole('article', { name: 'New donation 2' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=unread');

    await user.click(screen.getByRole('radio', { name: 'Read' }));
    expect(await screen.findByText(MESSAGES.noNotifications)).toBeInTheDocument();
    expect(fetchStub.calls.map((c) => c.query.get('status'))).toEqual(['all', 'unread', 'read']);
  });

  it('pages through long lists', async () => {
    const fetchStub = stubFetch({
      'GET /notifications': ({ query }) => ({
        body: listResponse([notification(Number(query.get('page')) * 100)], { total: 45, unread_count: 45 }),
      }),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('article', { name: 'New donation 100' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByRole('article', { name: 'New donation 300' })).toBeInTheDocument();
    expect(fetchStub.calls.at(-1)?.query.get('page')).toBe('3');
  });
});
