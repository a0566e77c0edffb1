import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ListPanel, type ListPanelProps } from './index.ts';

type Query = ListPanelProps['query'];
const query = (over: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  data: undefined,
  error: null,
  refetch: vi.fn(),
  isFetching: false,
  ...over,
});

function renderPanel(over: Partial<ListPanelProps>) {
  const props: ListPanelProps = {
    query: query({ data: [] }),
    count: 0,
    noun: 'ticket orders',
    mobile: false,
    empty: { icon: null, title: 'No ticket orders yet', hint: 'Orders appear here as visitors buy tickets.' },
    children: <p>Harvest Gala order</p>,
    ...over,
  };
  renderRoutes([{ path: '/', element: <ListPanel {...props} /> }]);
  return props;
}

describe('ListPanel', () => {
  it('names the loading placeholder after the list', () => {
    renderPanel({ query: query({ isPending: true }) });
    expect(screen.getByRole('status', { name: 'Loading ticket orders' })).toBeInTheDocument();
    expect(screen.queryByText('Harvest Gala order')).not.toBeInTheDocument();
  });

  it('says why loading failed and tries again on request', async () => {
    const props = renderPanel({ query: query({ isError: true, error: new Error('Database unavailable') }) });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Ticket orders could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(props.query.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows it has when a later refresh fails', () => {
    renderPanel({ query: query({ isError: true, data: [1], error: new Error('Offline') }), count: 1 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Harvest Gala order')).toBeInTheDocument();
  });

  it('shows the empty message when there are no rows', () => {
    renderPanel({});
    expect(screen.getByRole('status')).toHaveTextContent('No ticket orders yet');
    expect(screen.queryByText('Harvest Gala order')).not.toBeInTheDocument();
  });

  it('shows the rows when there are some', () => {
    renderPanel({ count: 2 });
    expect(screen.getByText('Harvest Gala order')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
