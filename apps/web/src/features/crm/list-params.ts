import {
  CONTACT_COLUMNS,
  CONTACT_SORTS,
  CONTACT_TYPES,
  type TContactColumn,
  type TContactSort,
  type TContactType,
  type TContactViewConfig,
} from '@kindling/contracts';

// The contacts list keeps its state in the query string (bookmarkable; back/forward step through
// filters). The names are the API's (ZContactListQuery); `view` is the saved view applied and
// `columns` the optional columns shown. `contact` opens one contact's record on the same route.

export type ContactListState = {
  search: string;
  type: TContactType | null;
  tag: string | null;
  owner: string | null;
  field_id: number | null;
  field_value: string | null;
  sort: TContactSort;
  direction: 'asc' | 'desc';
  page: number;
  view: number | null;
  columns: TContactColumn[];
};

export const DEFAULT_COLUMNS: TContactColumn[] = ['email', 'type', 'tags', 'owner', 'lifetime_total'];

const whole = (v: string | null) =>
  v !== null && /^\d+$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : null;
const oneOf = <T extends string>(allowed: readonly T[], v: string | null): T | null =>
  v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : null;

export function readContactListState(params: URLSearchParams): ContactListState {
  const owner = params.get('owner');
  const columns = params.get('columns');
  return {
    search: (params.get('search') ?? '').trim(),
    type: oneOf(CONTACT_TYPES, params.get('type')),
    tag: params.get('tag')?.trim() || null,
    owner: owner === 'none' || whole(owner) !== null ? owner : null,
    field_id: whole(params.get('field_id')),
    field_value: params.get('field_value')?.trim() || null,
    sort: oneOf(CONTACT_SORTS, params.get('sort')) ?? 'name',
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, whole(params.get('page')) ?? 1),
    view: whole(params.get('view')),
    columns:
      columns === null
        ? DEFAULT_COLUMNS
        : columns
            .split(',')
            .map((c) => oneOf(CONTACT_COLUMNS, c))
            .filter((c): c is TContactColumn => c !== null),
  };
}

/** The API query: filters, sort and page, defaults left out. */
export function contactListQuery(state: ContactListState): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const { view: _view, columns: _columns, ...rest } = state;
  for (const [key, value] of Object.entries(rest)) {
    if (value === null || value === '') continue;
    if (key === 'sort' && value === 'name') continue;
    if (key === 'direction' && value === 'asc') continue;
    if (key === 'page' && value === 1) continue;
    out[key] = value;
  }
  return out;
}

export function writeContactListState(state: ContactListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(contactListQuery(state))) params.set(key, String(value));
  if (state.view !== null) params.set('view', String(state.view));
  if (state.columns.join(',') !== DEFAULT_COLUMNS.join(',')) params.set('columns', state.columns.join(','));
  return params;
}

export const clearedContactState = (s: ContactListState): ContactListState => ({
  ...s,
  search: '',
  type: null,
  tag: null,
  owner: null,
  field_id: null,
  field_value: null,
  view: null,
  page: 1,
});

export const activeContactFilters = (s: ContactListState) =>
  [s.type, s.tag, s.owner, s.field_id !== null && s.field_value ? s.field_value : null].filter(Boolean).length;

/** What a saved view keeps of the list's state. */
export function viewConfigOf(s: ContactListState): TContactViewConfig {
  const filters: TContactViewConfig['filters'] = {};
  if (s.search) filters.search = s.search;
  if (s.type) filters.type = s.type;
  if (s.tag) filters.tag = s.tag;
  if (s.owner) filters.owner = s.owner === 'none' ? 'none' : Number(s.owner);
  if (s.field_id !== null && s.field_value) {
    filters.field_id = s.field_id;
    filters.field_value = s.field_value;
  }
  return { columns: s.columns, filters, sort: s.sort, direction: s.direction };
}

/** The list's state with a saved view applied. */
export function stateOfView(id: number, config: TContactViewConfig): ContactListState {
  const f = config.filters;
  return {
    search: f.search ?? '',
    type: f.type ?? null,
    tag: f.tag ?? null,
    owner: f.owner === undefined ? null : String(f.owner),
    field_id: f.field_id ?? null,
    field_value: f.field_value ?? null,
    sort: config.sort,
    direction: config.direction,
    page: 1,
    view: id,
    columns: config.columns,
  };
}
