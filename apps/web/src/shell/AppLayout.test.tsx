import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { AppLayout } from './AppLayout.tsx';
import { setViewportWidth } from './test-viewport.ts';

function renderShell(path: string, session = signedInSession(5150)) {
  return renderRoutes(
    [
      {
        element: <AppLayout />,
        children: ['/dashboard/home', '/dashboard/donations', '/user'].map((p) => ({
          path: p,
          element: <p>Page at {p}</p>,
        })),
      },
    ],
    { initialEntries: [path], session },
  );
}

describe('AppLayout', () => {
  it('wraps the page in the sidebar and top bar on desktop, with a collapse button and no burger', async () => {
    const user = userEvent.setup();
    setViewportWidth(1280);
    renderShell('/dashboard/home');
    expect(screen.getByText('Page at /dashboard/home')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Campaigns')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(within(nav).queryByText('Campaigns')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('shows only the page on a chromeless path', () => {
    setViewportWidth(1280);
    renderShell('/user');
    expect(screen.getByText('Page at /user')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('opens the drawer from the burger at a mobile width and closes it with Escape', async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    renderShell('/dashboard/home');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByTestId('nav-drawer');
    expect(drawer).toHaveAttribute('role', 'dialog');
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(within(drawer).getByRole('link', { name: 'Donations' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('nav-drawer')).toBeNull());
  });

  it('closes the drawer when a link in it is followed', async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    renderShell('/dashboard/home');
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(within(await screen.findByTestId('nav-drawer')).getByRole('link', { name: 'Donations' }));
    expect(await screen.findByText('Page at /dashboard/donations')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('nav-drawer')).toBeNull());
  });

  it('opens the drawer on a touch that starts at the left edge and moves right, and closes it on a long drag left', async () => {
    setViewportWidth(375);
    renderShell('/dashboard/home');
    const touch = (clientX: number) => {
      const point = [{ clientX, clientY: 300 }];
      return { touches: point, changedTouches: point, targetTouches: point };
    };

    // A swipe that starts away from the edge does nothing.
    fireEvent.touchStart(document, touch(120));
    fireEvent.touchMove(document, touch(220));
    expect(screen.queryByTestId('nav-drawer')).toBeNull();

    fireEvent.touchStart(document, touch(10));
    fireEvent.touchMove(document, touch(80));
    const drawer = await screen.findByTestId('nav-drawer');

    fireEvent.touchStart(drawer, touch(250));
    fireEvent.touchMove(drawer, touch(200));
    expect(screen.getByTestId('nav-drawer')).toBeInTheDocument();
    fireEvent.touchMove(drawer, touch(140));
    await waitFor(() => expect(screen.queryByTestId('nav-drawer')).toBeNull());
  });
});
