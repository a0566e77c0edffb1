import '@mantine/spotlight/styles.css';
import { canReach, SEARCH_MIN_LENGTH } from '@kindling/contracts';
import { Kbd } from '@mantine/core';
import { useDebouncedValue, useOs } from '@mantine/hooks';
import { createSpotlight, isActionsGroup, Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { FileText, Search } from 'lucide-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session';
import { useFormat } from '../../shared/format.ts';
import { searchablePagesFor } from '../../shared/page-catalog.ts';
import { firstRecordPath, matchingPages, resultGroups, searchResultsQuery } from './search-results.tsx';
import classes from './TopBar.module.css';

/** One store for the shell's overlay, so the top-bar button and Ctrl/Cmd+K drive the same instance. */
export const [searchStore, searchOverlay] = createSpotlight();

/** What the overlay searches for a role: the organisation's records only for the dashboard roles. */
export const searchLabelFor = (role: number | null) =>
  canReach('dashboard', role) ? 'Search pages, donors, donations and campaigns' : 'Search pages';

/**
 * The shell's search overlay: jumps to any page the role may open and, for the roles that read the
 * donors and donations lists, to the organisation's donors (name, e-mail, postcode), donations
 * (receipt number or provider reference) and campaigns. Typing highlights the first match; Enter
 * opens it and closes the overlay (or just closes it when nothing is highlighted).
 */
export function SearchOverlay() {
  const session = useSession();
  const format = useFormat();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [term] = useDebouncedValue(query.trim(), 200);
  const searchesRecords = canReach('dashboard', session.role);
  const found = useQuery(searchResultsQuery(session.selectedNpo?.id ?? null, term, searchesRecords));
  const pages = useMemo<SpotlightActionData[]>(
    () =>
      searchablePagesFor(session.role, session.roleName).map((page) => ({
        id: page.path,
        label: page.title,
        description: page.section,
        keywords: [page.path, page.description],
        leftSection: <FileText size={18} aria-hidden />,
        onClick: () => navigate(page.path),
      })),
    [session.role, session.roleName, navigate],
  );
  // Records show only for the term they were found for (not a previous term's, kept while loading).
  const records =
    found.data && !found.isPlaceholderData && term === query.trim() ? resultGroups(found.data, navigate, format) : [];

  // Records arrive after the typing that would have highlighted a page: with nothing highlighted,
  // Enter opens the first record shown.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || searchStore.getState().selected >= 0) return;
    const first = records.length > 0 && found.data ? firstRecordPath(found.data) : null;
    if (first) navigate(first);
    searchOverlay.close();
  };
  const label = searchLabelFor(session.role);
  const searching =
    searchesRecords && query.trim().length >= SEARCH_MIN_LENGTH && (found.isFetching || term !== query.trim());

  return (
    <Spotlight
      store={searchStore}
      actions={[...pages, ...records]}
      // Pages are filtered here; records arrive already matched by the server.
      filter={(q, actions) => [
        ...matchingPages(
          q,
          actions.filter((a): a is SpotlightActionData => !isActionsGroup(a)),
        ),
        ...actions.filter(isActionsGroup),
      ]}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      nothingFound={
        searching
          ? 'Searching…'
          : found.isError
            ? 'Donors, donations and campaigns could not be searched. Try again.'
            : searchesRecords
              ? 'Nothing matches your search'
              : 'No pages match your search'
      }
      highlightQuery
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <Search size={18} aria-hidden />,
        placeholder: searchesRecords ? 'Search pages, donors, receipts…' : 'Search pages…',
        'aria-label': label,
        onKeyDown,
      }}
    />
  );
}

/** The top-bar button that opens the overlay; shows the shortcut on wide screens. */
export function SearchButton({ compact }: { compact: boolean }) {
  const os = useOs();
  const session = useSession();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  return (
    <button
      type="button"
      className={classes.searchButton}
      onClick={searchOverlay.open}
      aria-label={searchLabelFor(session.role)}
    >
      <Search size={16} aria-hidden />
      {!compact && (
        <>
          <span>Search</span>
          <Kbd size="xs" aria-hidden>
            {mod} K
          </Kbd>
        </>
      )}
    </button>
  );
}
