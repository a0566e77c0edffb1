import {
  DONATION_LIST_SORTS,
  DONATION_STATUSES,
  GIVING_INTERVALS,
  type TDonationListSort,
  type TDonationStatus,
  type TGivingInterval,
} from '@kindling/contracts';

// The donations list keeps its whole state in the page's query string, so a filtered list can be
// bookmarked and shared, and back/forward step through filters. The names and values are the
// API's (ZDonationListQuery), so the query string goes to the server as it is.

export type DonationListState = {
  search: string;
  date_from: string | null;
  date_to: string | null;
  campaign_id: string[];
  status: TDonationStatus[];
  payment_method: string[];
  interval: TGivingInterval[];
  currency: string[];
  designation: string[];
  /** Base-currency minor units, as the API takes them. */
  amount_min: number | null;
  amount_max: number | null;
  gift_aid: 'yes' | 'no' | null;
  sort: TDonationListSort;
  order: 'asc' | 'desc';
  page: number;
};

export const LIST_KEYS = ['campaign_id', 'status', 'payment_method', 'interval', 'currency', 'designation'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

const splitList = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
const onlyOf = <T extends string>(allowed: readonly T[], values: string[]) =>
  values.filter((v): v is T => (allowed as readonly string[]).includes(v));
const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const wholeNumber = (value: string | null) => {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
};

/** Reads the state from the URL; anything malformed falls back to 'no filter' rather than an error. */
export function readListState(params: URLSearchParams): DonationListState {
  const sort = params.get('sort');
  const giftAid = params.get('gift_aid');
  return {
    search: (params.get('search') ?? '').trim(),
    date_from: isoDay(params.get('date_from')),
    date_to: isoDay(params.get('date_to')),
    campaign_id: splitList(params.get('campaign_id')).filter((v) => /^\d+$/.test(v)),
    status: onlyOf(DONATION_STATUSES, splitList(params.get('status'))),
    payment_method: splitList(params.get('payment_method')),
    interval: onlyOf(GIVING_INTERVALS, splitList(params.get('interval'))),
    currency: splitList(params.get('currency')).map((c) => c.toUpperCase()),
    designation: splitList(params.get('designation')),
    amount_min: wholeNumber(params.get('amount_min')),
    amount_max: wholeNumber(params.get('amount_max')),
    gift_aid: giftAid === 'yes' || giftAid === 'no' ? giftAid : null,
    sort: (DONATION_LIST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as TDonationListSort) : 'date',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, wholeNumber(params.get('page')) ?? 1),
  };
}

/** The query string of a state, leaving defaults out so shared links stay short. */
export function writeListState(state: DonationListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.search) out.set('search', state.search);
  if (state.date_from) out.set('date_from', state.date_from);
  if (state.date_to) out.set('date_to', state.date_to);
  for (const key of LIST_KEYS) if (state[key].length > 0) out.set(key, state[key].join(','));
  if (state.amount_min !== null) out.set('amount_min', String(state.amount_min));
  if (state.amount_max !== null) out.set('amount_max', String(state.amount_max));
  if (state.gift_aid) out.set('gift_aid', state.gift_aid);
  if (state.sort !== 'date') out.set('sort', state.sort);
  if (state.order !== 'desc') out.set('order', state.order);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** How many filters (not search, sort or page) are set: the collapsed filter button shows it. */
export function activeFilterCount(state: DonationListState): number {
  let n = LIST_KEYS.filter((key) => state[key].length > 0).length;
  if (state.date_from || state.date_to) n += 1;
  if (state.amount_min !== null || state.amount_max !== null) n += 1;
  if (state.gift_aid) n += 1;
  return n;
}

/** The same state without any filter or search (sort is kept). */
export const clearedState = (state: DonationListState): DonationListState => ({
  ...readListState(new URLSearchParams()),
  sort: state.sort,
  order: state.order,
});

/** The filter part of the query (no page), for the export and the query key. */
export function filterQuery(state: DonationListState): Record<string, string> {
  const params = writeListState({ ...state, page: 1 });
  return Object.fromEntries(params.entries());
}

/** Only what decides which donations match (no sort, no page): the totals' query. */
export function matchQuery(state: DonationListState): Record<string, string> {
  const { sort: _sort, order: _order, ...rest } = filterQuery(state);
  return rest;
}
