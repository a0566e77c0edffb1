import { describe, expect, it } from 'vitest';
import { peerConversionPercent } from './peer-pages.ts';

describe('peerConversionPercent', () => {
  it('is gifts per view in per cent, one decimal', () => {
    expect(peerConversionPercent(9, 120)).toBe(7.5);
    expect(peerConversionPercent(1, 3)).toBe(33.3);
    expect(peerConversionPercent(0, 40)).toBe(0);
  });

  it('never reads above 100 %, however many gifts came without a counted view', () => {
    expect(peerConversionPercent(9, 1)).toBe(100);
    expect(peerConversionPercent(5, 5)).toBe(100);
  });

  it('has no figure while the page has no view', () => {
    expect(peerConversionPercent(0, 0)).toBeNull();
    expect(peerConversionPercent(3, 0)).toBeNull();
  });
});
