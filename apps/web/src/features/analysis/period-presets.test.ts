import { describe, expect, it } from 'vitest';
import { presetRange } from './period-presets.ts';

describe('period presets', () => {
  const today = new Date('2026-03-15T22:30:00Z');

  it('covers whole UTC days with both ends included', () => {
    expect(presetRange('this-month', today)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetRange('last-30-days', today)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(presetRange('year-to-date', today)).toEqual({ from: '2026-01-01', to: '2026-03-15' });
    expect(presetRange('last-12-months', today)).toEqual({ from: '2025-04-01', to: '2026-03-15' });
    expect(presetRange('custom', today)).toBeNull();
  });

  it('takes last month whole, across a year and a leap February', () => {
    expect(presetRange('last-month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', new Date('2024-03-01T00:00:00Z'))).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(presetRange('last-month', new Date('2026-01-10T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });
});
