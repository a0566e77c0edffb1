import { describe, expect, it } from 'vitest';
import { applyStoredColorScheme, darkModeColorSchemeManager } from './dark-mode.ts';

describe('dark mode storage (docs/product/shell.md#dark-mode)', () => {
  it("keeps 'true' or 'false' under the darkMode key", () => {
    const manager = darkModeColorSchemeManager();
    manager.set('dark');
    expect(window.localStorage.getItem('darkMode')).toBe('true');
    expect(manager.get('auto')).toBe('dark');
    manager.set('light');
    expect(window.localStorage.getItem('darkMode')).toBe('false');
    expect(manager.get('auto')).toBe('light');
  });

  it('follows the system when nothing is stored', () => {
    const manager = darkModeColorSchemeManager();
    expect(manager.get('auto')).toBe('auto');
    window.localStorage.setItem('darkMode', 'maybe');
    expect(manager.get('auto')).toBe('auto');
    manager.set('auto');
    expect(window.localStorage.getItem('darkMode')).toBeNull();
  });

  it('marks the page dark before React starts when the user chose dark', () => {
    const root = document.createElement('html');
    window.localStorage.setItem('darkMode', 'true');
    applyStoredColorScheme(root);
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
    window.localStorage.setItem('darkMode', 'false');
    applyStoredColorScheme(root);
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
  });
});
