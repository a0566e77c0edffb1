import {
  DONOR_RECURRING_STATUSES,
  DONOR_SORTS,
  type TDonorRecurringStatus,
  type TDonorSort,
} from '@kindling/contracts';

// The donors list keeps its state in the query string (bookmarkable, back/forward step through
// filters); the names are the API's (ZDonorListQuery), so the state goes to the server as it is.

export type DonorListState = {
  search: string;
  recurring: TDonorRecurringStatus | null;
  retention: 'lybunt' | 'sybunt' | null;
  gave_from: string | null;
  gave_to: string | null;
  /** Base-currency minor units. */
  min_total_minor: number | null;
  max_total_minor: number | null;
  sort: TDonorSort;
  direction: 'asc' | 'desc';
  page: number;
};

const isoDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const whole = (v: string | null) =>
  v !== null && /^\d+$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : null;
const oneOf = <T extends string>(allowed: readonly T[], v: string | null): T | null =>
  v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : null;

/** Reads the state from the URL; anything malformed means 'no filter'. */
export function readDonorListState(params: URLSearchParams): DonorListState {
  return {
    search: (params.get('search') ?? '').trim(),
    recurring: oneOf(DONOR_RECURRING_STATUSES, params.get('recurring')),
    retention: oneOf(['lybunt', 'sybunt'] as const, params.get('retention')),
    gave_from: isoDay(params.get('gave_from')),
    gave_to: isoDay(params.get('gave_to')),
    min_total_minor: whole(params.get('min_total_minor')),
    max_total_minor: whole(params.get('max_total_minor')),
    sort: oneOf(DONOR_SORTS, params.get('sort')) ?? 'last_gift',
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, whole(params.get('page')) ?? 1),
  };
}

/** The API query (and the URL): defaults left out. */
export function listQuery(state: DonorListState): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(state)) {
    if (value === null || value === '') continue;
    if (key === 'sort' && value === 'last_gift') continue;
    if (key === 'direction' && value === 'desc') continue;
    if (key === 'page' && value === 1) continue;
    out[key] = value;
  }
  return out;
}

export const writeDonorListState = (state: DonorListState) =>
  new URLSearchParams(Object.entries(listQuery(state)).map(([k, v]) => [k, String(v)]));

export const activeDonorFilters = (s: DonorListState) =>
  [s.recurring, s.retention, s.gave_from, s.gave_to, s.min_total_minor, s.max_total_minor].filter((v) => v !== null)
    .length;

export const clearedDonorState = (s: DonorListState): DonorListState => ({
  ...s,
  search: '',
  recurring: null,
  retention: null,
  gave_from: null,
  gave_to: null,
  min_total_minor: null,
  max_total_minor: null,
  page: 1,
});
