import { SEARCH_MIN_LENGTH, type TSearchResults } from '@kindling/contracts';
import type { SpotlightActionData, SpotlightActionGroupData } from '@mantine/spotlight';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { HandCoins, Megaphone, User } from 'lucide-react';
import { api } from '../../app/api-client.ts';
import type { Format } from '../../shared/format.ts';

/** The organisation's records the overlay finds (GET /npo_admin/search), cached per term. */
export const searchResultsQuery = (npoId: number | null, term: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['search', npoId, term] as const,
    queryFn: ({ signal }) => api<TSearchResults>('GET', '/npo_admin/search', { query: { q: term }, signal }),
    enabled: enabled && npoId !== null && term.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
    // The previous term's results stay while the next ones load, so the list does not jump.
    placeholderData: keepPreviousData,
  });

const STATUS = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');

const donorPath = (id: number) => `/dashboard/donor/${id}`;
const donationPath = (id: number) => `/dashboard/donation/${id}`;
const campaignPath = (id: number) => `/dashboard/campaign-edit/${id}`;

/** The page of the first record the overlay lists (donors, then donations, then campaigns). */
export function firstRecordPath(results: TSearchResults): string | null {
  const [donor] = results.donors;
  const [donation] = results.donations;
  const [campaign] = results.campaigns;
  if (donor) return donorPath(donor.id);
  if (donation) return donationPath(donation.id);
  return campaign ? campaignPath(campaign.id) : null;
}

/** Found records as overlay groups (Donors, Donations, Campaigns), each opening its page; amounts in `format`. */
export function resultGroups(
  results: TSearchResults,
  open: (path: string) => void,
  format: Format,
): SpotlightActionGroupData[] {
  const donors: SpotlightActionData[] = results.donors.map((d) => ({
    id: `donor-${d.id}`,
    label: `${d.first_name} ${d.last_name}`.trim() || d.email,
    description: d.email,
    leftSection: <User size={18} aria-hidden />,
    onClick: () => open(donorPath(d.id)),
  }));
  const donations: SpotlightActionData[] = results.donations.map((d) => ({
    id: `donation-${d.id}`,
    label: `${d.receipt_number ? `Receipt ${d.receipt_number}` : (d.provider_reference ?? `Donation ${d.id}`)} · ${format.money(d.amount_minor, d.currency)}`,
    description: `${d.donor_name ?? 'Anonymous donor'} · ${STATUS(d.status)}`,
    leftSection: <HandCoins size={18} aria-hidden />,
    onClick: () => open(donationPath(d.id)),
  }));
  const campaigns: SpotlightActionData[] = results.campaigns.map((c) => ({
    id: `campaign-${c.id}`,
    label: c.name,
    description: `/${c.campaign_url} · ${STATUS(c.status)}`,
    leftSection: <Megaphone size={18} aria-hidden />,
    onClick: () => open(campaignPath(c.id)),
  }));
  return [
    { group: 'Donors', actions: donors },
    { group: 'Donations', actions: donations },
    { group: 'Campaigns', actions: campaigns },
  ].filter((g) => g.actions.length > 0);
}

/** Pages whose title, area or keywords contain every word typed, as Mantine's own filter does. */
export function matchingPages(query: string, pages: SpotlightActionData[]): SpotlightActionData[] {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return pages;
  return pages.filter((page) => {
    const text = [page.label, page.description, ...(Array.isArray(page.keywords) ? page.keywords : [page.keywords])]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
