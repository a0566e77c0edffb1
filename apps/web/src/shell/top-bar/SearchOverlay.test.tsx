import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '../../test/fixtures.ts';
import { LocationProbe, renderRoutes } from '../../test/render.tsx';
import { SearchButton, SearchOverlay } from './SearchOverlay.tsx';

function renderSearch(code: 5150 | 1123 | 1984) {
  const shell = (
    <>
      <SearchButton compact={false} />
      <SearchOverlay />
      <Outlet />
    </>
  );
  return renderRoutes([{ element: shell, children: [{ path: '*', element: <LocationProbe /> }] }], {
    initialEntries: ['/dashboard/home'],
    session: signedInSession(code),
  });
}

const searchBox = () => screen.findByRole('textbox', { name: 'Search pages' });

/** Text of each page offered in the overlay: label then area (the query is highlighted in the label). */
const offered = () =>
  within(screen.getByRole('dialog'))
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');

describe('SearchOverlay', () => {
  it('opens from the top-bar button; Enter jumps to the highlighted page and closes the overlay', async () => {
    const user = userEvent.setup();
    renderSearch(5150);
    await user.click(screen.getByRole('button', { name: 'Search pages' }));
    await user.type(await searchBox(), 'exchange');
    await waitFor(() => expect(offered()).toEqual(['Exchange ratesSettings']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/exchange-rates'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search pages' })).toBeNull());
  });

  it('opens with Ctrl+K and closes on Enter when nothing is highlighted', async () => {
    const user = userEvent.setup();
    renderSearch(5150);
    await user.keyboard('{Control>}k{/Control}');
    await searchBox();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search pages' })).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/home');
  });

  it('lists only the pages the role may open', async () => {
    const user = userEvent.setup();
    renderSearch(1123);
    await user.click(screen.getByRole('button', { name: 'Search pages' }));
    await user.type(await searchBox(), 'donations');
    await waitFor(() => expect(offered()).toEqual(['My donationsDonations', 'Recurring donationsDonations']));
  });

  it('keeps settings out of reach of dashboard-only staff', async () => {
    const user = userEvent.setup();
    renderSearch(1984);
    await user.click(screen.getByRole('button', { name: 'Search pages' }));
    await user.type(await searchBox(), 'exchange');
    expect(await screen.findByText('No pages match your search')).toBeInTheDocument();
  });
});
