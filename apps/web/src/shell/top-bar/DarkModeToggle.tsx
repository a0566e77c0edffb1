import { ActionIcon, Tooltip } from '@mantine/core';
import { Moon, Sun } from 'lucide-react';
import { useDarkMode } from '../../app/dark-mode.ts';

/** Switches light and dark; the choice is kept under the darkMode key (docs/product/shell.md#dark-mode). */
export function DarkModeToggle() {
  const { isDark, toggle } = useDarkMode();
  return (
    <Tooltip label={isDark ? 'Switch to light mode' : 'Switch to dark mode'}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Toggle dark mode"
        aria-pressed={isDark}
        onClick={toggle}
      >
        {isDark ? <Sun size={20} aria-hidden /> : <Moon size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
