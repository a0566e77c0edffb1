import { useParams } from 'react-router';
import { PageFrame } from '../../shared/PageFrame.tsx';
import { pageEntry } from '../../shared/page-catalog.ts';
import type { PageEntry } from '../../shared/page-entry.ts';
import { ComingSoon } from './ComingSoon.tsx';

/** A readable entry for a pattern missing from the catalog, so no page is ever blank. */
function fallbackEntry(path: string): PageEntry {
  const words = path
    .split('/')
    .filter((part) => part && !part.startsWith(':'))
    .map((part) => part.replace(/[-_]+/g, ' '));
  const title = words.at(-1) ?? 'Page';
  return {
    title: title.charAt(0).toUpperCase() + title.slice(1),
    section: words.length > 1 ? (words[0] ?? 'Kindling') : 'Kindling',
    description: 'This part of Kindling is on its way.',
    emptyTitle: 'Nothing to show yet',
  };
}

/** The id-like parameter of a detail route (/dashboard/donation/:id), shown next to the title. */
function useRecordReference(): string | null {
  const params = useParams();
  const value = Object.values(params).find((v) => v !== undefined && v !== '');
  return value ? `#${value}` : null;
}

/**
 * The frame of a route whose screen is not built yet: its title, what it is for, and an empty
 * state that says what will appear, with a link to a page that helps today.
 */
export function PlaceholderPage({ path }: { path: string }) {
  const entry = pageEntry(path) ?? fallbackEntry(path);
  const reference = useRecordReference();
  return (
    <PageFrame entry={entry} heading={reference ? `${entry.title} ${reference}` : undefined}>
      <ComingSoon entry={entry} />
    </PageFrame>
  );
}
