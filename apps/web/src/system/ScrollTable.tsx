import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a phone. The region takes focus so a keyboard can scroll it
 * (axe's scrollable-region-focusable) when its rows hold no link or button.
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </section>
  );
}
