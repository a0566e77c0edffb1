import { vi } from 'vitest';

/**
 * Makes window.matchMedia answer min-width/max-width queries for a viewport of `width` px, so the
 * shell's mobile and desktop layouts can be tested in jsdom (which has no layout). Restored by the
 * test setup's vi.unstubAllGlobals().
 */
export function setViewportWidth(width: number): void {
  const evaluate = (query: string) => {
    const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
    const px = (m: RegExpExecArray) => Number(m[1]) * (m[2] === 'em' ? 16 : 1);
    return (!min || width >= px(min)) && (!max || width <= px(max));
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: evaluate(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
