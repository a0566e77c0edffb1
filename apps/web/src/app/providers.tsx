import { CONSTANTS } from '@kindling/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../session/SessionProvider.tsx';
import type { SessionState } from '../session/session-types.ts';
import { AppErrorBoundary } from '../system/ErrorScreen.tsx';
import { darkModeColorSchemeManager } from './dark-mode.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const colorSchemeManager = darkModeColorSchemeManager();

type Props = {
  queryClient: QueryClient;
  children: ReactNode;
  /** Tests start from a known session instead of asking the server. */
  initialSession?: Partial<SessionState>;
  /** Mantine's test mode turns off transitions and portals. */
  env?: 'default' | 'test';
};

/** Everything a screen relies on: theme and dark mode, toasts, the query cache and the session. */
export function AppProviders({ queryClient, children, initialSession, env = 'default' }: Props) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
      env={env}
    >
      <AppErrorBoundary>
        <Notifications autoClose={CONSTANTS.toastMs} position="top-right" />
        <QueryClientProvider client={queryClient}>
          <SessionProvider initialState={initialSession}>{children}</SessionProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
