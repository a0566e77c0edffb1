import { CONSTANTS } from '@kindling/contracts';
import {
  type MantineColorScheme,
  type MantineColorSchemeManager,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useCallback } from 'react';

const KEY = CONSTANTS.darkModeKey;

/** docs/product/shell.md#dark-mode keeps 'true' or 'false' under `darkMode`; absent means "follow the system". */
function parse(value: string | null): MantineColorScheme | null {
  if (value === 'true') return 'dark';
  if (value === 'false') return 'light';
  return null;
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage can be disabled (privacy modes); then the system preference applies
  }
}

/** Mantine's colour-scheme storage, speaking the `darkMode` key's 'true'/'false' values. */
export function darkModeColorSchemeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => parse(readStored()) ?? defaultValue,
    set: (value) => {
      try {
        if (value === 'auto') window.localStorage.removeItem(KEY);
        else window.localStorage.setItem(KEY, String(value === 'dark'));
      } catch {
        // Not persisted; the choice still applies to this page.
      }
    },
    subscribe: (onUpdate) => {
      // Another tab toggled dark mode.
      listener = (event) => {
        if (event.storageArea === window.localStorage && event.key === KEY) onUpdate(parse(event.newValue) ?? 'auto');
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
      listener = null;
    },
    clear: () => {
      try {
        window.localStorage.removeItem(KEY);
      } catch {
        // nothing stored
      }
    },
  };
}

/**
 * Sets the colour scheme attribute before React renders, so a dark-mode user sees no white flash
 * while the bundle starts.
 */
export function applyStoredColorScheme(root: HTMLElement = document.documentElement): void {
  const stored = parse(readStored());
  const systemDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  root.setAttribute('data-mantine-color-scheme', stored ?? (systemDark ? 'dark' : 'light'));
}

/** Dark mode for the shell's toggle: the effective scheme, and setters that persist `darkMode`. */
export function useDarkMode(): { isDark: boolean; setDark: (dark: boolean) => void; toggle: () => void } {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const isDark = computed === 'dark';
  const setDark = useCallback((dark: boolean) => setColorScheme(dark ? 'dark' : 'light'), [setColorScheme]);
  const toggle = useCallback(() => setDark(!isDark), [setDark, isDark]);
  return { isDark, setDark, toggle };
}
