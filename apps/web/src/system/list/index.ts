// The scaffold of a searchable, filterable, paged list page (donations, donors, recurring plans):
// URL-held state, the search box, the result states and the pager.
export { ListPager, ListSearchInput } from './ListControls.tsx';
export { ListMessage, RetryButton } from './ListMessage.tsx';
export { ListPanel, type ListPanelProps } from './ListPanel.tsx';
export { ListResults, type ListResultsProps, ListSkeleton } from './ListResults.tsx';
export { MoneyBoundInput } from './MoneyBoundInput.tsx';
export { type ListUrlCodec, useListUrlState, useSearchText } from './use-list-url-state.ts';
