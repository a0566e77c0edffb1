import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import {
  ListPager,
  ListResults,
  type ListResultsProps,
  ListSearchInput,
  MoneyBoundInput,
  useListUrlState,
} from './index.ts';

type FruitState = { search: string; colour: string | null; page: number };

const fruitCodec = {
  read: (params: URLSearchParams): FruitState => ({
    search: params.get('search') ?? '',
    colour: params.get('colour'),
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
  }),
  write: (state: FruitState) => {
    const out = new URLSearchParams();
    if (state.search) out.set('search', state.search);
    if (state.colour) out.set('colour', state.colour);
    if (state.page > 1) out.set('page', String(state.page));
    return out;
  },
  cleared: (state: FruitState): FruitState => ({ ...state, search: '', colour: null, page: 1 }),
};

/** A minimal list page on the shared scaffold: a search box, one filter, a pager. */
function FruitPage() {
  const { state, update, clear, searchText, setSearchText } = useListUrlState(fruitCodec);
  return (
    <>
      <ListSearchInput label="Search fruit" placeholder="Name" value={searchText} onChange={setSearchText} />
      <button type="button" onClick={() => update({ colour: 'red' })}>
        Only red
      </button>
      <button type="button" onClick={clear}>
        Clear all
      </button>
      <ListPager page={state.page} pages={4} onChange={(page) => update({ page })} mobile={false} />
    </>
  );
}

const renderFruit = (entry: string) =>
  renderRoutes([{ path: '/fruit', element: <FruitPage /> }], { initialEntries: [entry] });

describe('useListUrlState with the search box and pager', () => {
  it('writes the typed search to the URL after a pause and returns to page 1', async () => {
    const { router } = renderFruit('/fruit?page=3&colour=red');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search fruit' }), ' apple ');
    await expect.poll(() => router.state.location.search).toBe('?search=apple&colour=red');
  });

  it('pages with named links and keeps the filters; a filter change starts again at page 1', async () => {
    const { router } = renderFruit('/fruit?colour=green');
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?colour=green&page=3');
    expect(screen.getByText('Page 3 of 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?colour=green&page=4');
    await userEvent.click(screen.getByRole('button', { name: 'Only red' }));
    expect(router.state.location.search).toBe('?colour=red');
  });

  it('clears search and filters, and back brings the old search into the box', async () => {
    const { router } = renderFruit('/fruit?search=pear&colour=red&page=2');
    const box = screen.getByRole('textbox', { name: 'Search fruit' });
    expect(box).toHaveValue('pear');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(router.state.location.search).toBe('');
    expect(box).toHaveValue('');
    await router.navigate(-1);
    await expect.poll(() => (box as HTMLInputElement).value).toBe('pear');
    // The restored text is not written again as a new history entry.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(router.state.location.search).toBe('?search=pear&colour=red&page=2');
  });

  it('shows no pager when everything fits on one page', () => {
    renderRoutes([{ path: '/', element: <ListPager page={1} pages={1} onChange={() => {}} mobile={false} /> }]);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByText(/Page 1 of/)).not.toBeInTheDocument();
  });
});

type Query = ListResultsProps<string>['query'];
const query = (over: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  data: undefined,
  error: null,
  refetch: vi.fn(),
  isFetching: false,
  isPlaceholderData: false,
  ...over,
});

function renderResults(over: Partial<ListResultsProps<string>>) {
  const props: ListResultsProps<string> = {
    query: query({ data: {} }),
    rows: [],
    noun: 'apples',
    filtered: false,
    onClear: vi.fn(),
    mobile: false,
    empty: { icon: null, title: 'No apples yet', hint: 'Apples appear when picked.' },
    children: (rows) => (
      <ul aria-label="Apples">
        {rows.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    ),
    ...over,
  };
  renderRoutes([{ path: '/', element: <ListResults {...props} /> }]);
  return props;
}

describe('ListResults', () => {
  it('names the loading bars', () => {
    renderResults({ query: query({ isPending: true }) });
    expect(screen.getByRole('status', { name: 'Loading apples' })).toBeInTheDocument();
  });

  it('says why loading failed and retries on request', async () => {
    const props = renderResults({ query: query({ isError: true, error: new Error('Database unavailable') }) });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Apples could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(props.query.refetch).toHaveBeenCalledTimes(1);
  });

  it('tells "nothing matches" (with a way out) from "nothing yet"', async () => {
    const props = renderResults({ filtered: true });
    expect(screen.getByText('No apples match')).toBeInTheDocument();
    expect(screen.getByText('Try another search, or fewer filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(props.onClear).toHaveBeenCalledTimes(1);
  });

  it('shows the empty message when there is nothing at all, without a clear button', () => {
    renderResults({});
    expect(screen.getByText('No apples yet')).toBeInTheDocument();
    expect(screen.getByText('Apples appear when picked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('renders the rows, and marks the panel busy while the next answer loads', () => {
    renderResults({ rows: ['Cox', 'Gala'], query: query({ data: {}, isFetching: true, isPlaceholderData: true }) });
    const list = screen.getByRole('list', { name: 'Apples' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cox', 'Gala']);
    expect(list.parentElement).toHaveAttribute('aria-busy', 'true');
  });
});

/** A bound held outside the box, as a list page holds it in the URL. */
function BoundHarness({ onCommit, start = null }: { onCommit: (minor: number | null) => void; start?: number | null }) {
  const [value, setValue] = useState<number | null>(start);
  return (
    <>
      <MoneyBoundInput
        label="Amount from"
        value={value}
        currency="USD"
        onCommit={(minor) => {
          onCommit(minor);
          setValue(minor);
        }}
      />
      <button type="button" onClick={() => setValue(null)}>
        Reset from outside
      </button>
    </>
  );
}

describe('MoneyBoundInput', () => {
  it('applies a typed amount in minor units on Enter, and an unchanged or empty box on leaving applies nothing', async () => {
    const onCommit = vi.fn();
    renderRoutes([{ path: '/', element: <BoundHarness onCommit={onCommit} /> }]);
    const box = screen.getByRole('textbox', { name: 'Amount from (USD)' });
    await userEvent.click(box);
    await userEvent.tab();
    expect(onCommit).not.toHaveBeenCalled();
    await userEvent.type(box, '12.50{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith(1250);
    await userEvent.tab();
    expect(onCommit).toHaveBeenCalledTimes(1);
    await userEvent.clear(box);
    await userEvent.tab();
    expect(onCommit).toHaveBeenLastCalledWith(null);
  });

  it('says what is wrong with an amount it cannot read, and applies nothing', async () => {
    const onCommit = vi.fn();
    renderRoutes([{ path: '/', element: <BoundHarness onCommit={onCommit} /> }]);
    const box = screen.getByRole('textbox', { name: 'Amount from (USD)' });
    await userEvent.type(box, 'ten{Enter}');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('shows a bound changed from outside', async () => {
    renderRoutes([{ path: '/', element: <BoundHarness onCommit={() => {}} start={2000} /> }]);
    const box = screen.getByRole('textbox', { name: 'Amount from (USD)' });
    expect(box).toHaveValue('20.00');
    await userEvent.click(screen.getByRole('button', { name: 'Reset from outside' }));
    expect(box).toHaveValue('');
  });
});
