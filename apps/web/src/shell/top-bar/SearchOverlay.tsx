import '@mantine/spotlight/styles.css';
import { Kbd } from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { createSpotlight, Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { FileText, Search } from 'lucide-react';
import { type KeyboardEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session';
import { searchablePagesFor } from '../../shared/page-catalog.ts';
import classes from './TopBar.module.css';

/** One store for the shell's overlay, so the top-bar button and Ctrl/Cmd+K drive the same instance. */
export const [searchStore, searchOverlay] = createSpotlight();

/**
 * The search overlay of spec 01 section 2.6: jumps to any page the role may open. Typing highlights the
 * first match; Enter opens the highlighted page and closes the overlay (or just closes it when nothing
 * is highlighted).
 */
export function SearchOverlay() {
  const session = useSession();
  const navigate = useNavigate();
  const actions = useMemo<SpotlightActionData[]>(
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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && searchStore.getState().selected < 0) searchOverlay.close();
  };

  return (
    <Spotlight
      store={searchStore}
      actions={actions}
      shortcut={['mod + K']}
      nothingFound="No pages match your search"
      highlightQuery
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <Search size={18} aria-hidden />,
        placeholder: 'Search pages…',
        'aria-label': 'Search pages',
        onKeyDown,
      }}
    />
  );
}

/** The top-bar button that opens the overlay; shows the shortcut on wide screens. */
export function SearchButton({ compact }: { compact: boolean }) {
  const os = useOs();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  return (
    <button type="button" className={classes.searchButton} onClick={searchOverlay.open} aria-label="Search pages">
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
