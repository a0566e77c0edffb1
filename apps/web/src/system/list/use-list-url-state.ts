import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The search box writes ?search= after a pause; back/forward put the URL's value back in the box. */
export function useSearchText(fromUrl: string, apply: (search: string) => void, delay = 350) {
  const [text, setText] = useState(fromUrl);
  const [debounced] = useDebouncedValue(text.trim(), delay);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed value settles
  useEffect(() => {
    if (debounced !== fromUrl) apply(debounced);
  }, [debounced]);
  // Compared with what is typed, not the debounced value: after 'Clear filters' the debounced value
  // still holds the old search for a moment, and back within that moment would otherwise leave the
  // box empty and then clear the URL again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL drives this
  useEffect(() => {
    if (fromUrl !== text.trim()) setText(fromUrl);
  }, [fromUrl]);
  return [text, setText] as const;
}

export type ListUrlCodec<State> = {
  read: (params: URLSearchParams) => State;
  write: (state: State) => URLSearchParams;
  /** The state without any filter or search (sort is kept). */
  cleared: (state: State) => State;
};

/**
 * A list page whose whole state (search, filters, sort, page) is its query string, so a filtered
 * list can be bookmarked and shared and back/forward step through it. Every change but paging
 * returns to page 1; the page does not jump to the top when a filter changes.
 */
export function useListUrlState<State extends { search: string; page: number }>(codec: ListUrlCodec<State>) {
  const [params, setParams] = useSearchParams();
  const state = codec.read(params);
  const update = (patch: Partial<State>) =>
    setParams(codec.write({ ...state, page: 1, ...patch }), { preventScrollReset: true });
  const [searchText, setSearchText] = useSearchText(state.search, (search) => update({ search } as Partial<State>));
  const clear = () => {
    setSearchText('');
    setParams(codec.write(codec.cleared(state)));
  };
  return { state, update, clear, searchText, setSearchText };
}
