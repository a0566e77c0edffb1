import { describe, expect, it } from 'vitest';
import { activeFilterCount, clearedState, filterQuery, readListState, writeListState } from './list-params.ts';

describe('donations list URL state', () => {
  it('reads the filters of a shared link and writes the same link back', () => {
    const search =
      'search=grace&date_from=2026-01-01&date_to=2026-01-31&campaign_id=4,9&status=refunded&interval=monthly&currency=eur&amount_min=1000&gift_aid=no&sort=amount&order=asc&page=3';
    const state = readListState(new URLSearchParams(search));
    expect(state).toMatchObject({
      search: 'grace',
      campaign_id: ['4', '9'],
      status: ['refunded'],
      interval: ['monthly'],
      currency: ['EUR'],
      amount_min: 1000,
      amount_max: null,
      gift_aid: 'no',
      sort: 'amount',
      order: 'asc',
      page: 3,
    });
    expect(activeFilterCount(state)).toBe(7);
    expect(readListState(writeListState(state))).toEqual(state);
  });

  it('drops values that cannot be filters instead of failing', () => {
    const state = readListState(
      new URLSearchParams('status=lost,failed&amount_min=ten&sort=size&page=-2&date_from=soon'),
    );
    expect(state).toMatchObject({ status: ['failed'], amount_min: null, sort: 'date', page: 1, date_from: null });
  });

  it('clears filters but keeps the sort, and leaves the page out of the export query', () => {
    const state = readListState(new URLSearchParams('status=failed&sort=donor_name&order=asc&page=2'));
    expect(writeListState(clearedState(state)).toString()).toBe('sort=donor_name&order=asc');
    expect(filterQuery(state)).toEqual({ status: 'failed', sort: 'donor_name', order: 'asc' });
  });
});
