import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, Notification } from '@mantine/core';

/**
 * A warm orange whose filled shade (index 7, #c2410c) keeps white button text above the WCAG AA
 * contrast ratio of 4.5:1; Mantine's stock orange filled shade (#fd7e14) does not.
 */
const orange: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

/**
 * The one Mantine theme of the web app. A warm orange primary fits the "kindling" name; system-ui keeps
 * the first paint free of web-font downloads, which matters on the public donation pages.
 */
export const theme = createTheme({
  primaryColor: 'orange',
  colors: { orange },
  primaryShade: { light: 7, dark: 7 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Toasts (live notifications, confirmations): Mantine's close button has no name and its
    // message text is gray.6 (3.3:1 on white); both fail WCAG AA.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/**
 * Mantine's "dimmed" text (gray.6 on white, dark.2 on dark) is below the 4.5:1 contrast that WCAG AA
 * asks of body text; a shade darker (lighter in dark mode) keeps secondary text readable. The same
 * holds for field errors (red.6 on white; red.8 on the dark inputs).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
