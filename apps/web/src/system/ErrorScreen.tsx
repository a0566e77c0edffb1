import { MESSAGES } from '@kindling/contracts';
import { Button } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useRouteError } from 'react-router';
import { SystemScreen } from './SystemScreen.tsx';

/** The generic error screen in docs/product/shell.md#system-screens; 'Refresh Page' reloads. */
export function ErrorScreen() {
  return (
    <SystemScreen
      icon={<TriangleAlert size={28} />}
      color="red"
      title={MESSAGES.errorTitle}
      body={MESSAGES.errorBody}
      actions={<Button onClick={() => window.location.reload()}>{MESSAGES.refreshPage}</Button>}
    />
  );
}

/** errorElement of the root route: logs what broke, shows the generic screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unhandled error while rendering a route', error);
  }, [error]);
  return <ErrorScreen />;
}

type BoundaryState = { failed: boolean };

/** Catches what escapes the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
