import { MESSAGES } from '@kindling/contracts';
import { Button } from '@mantine/core';
import { ClockAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';

import { SystemScreen } from './SystemScreen.tsx';

/**
 * Shown on a role-guarded route when the session is gone (docs/product/shell.md#system-screens and
 * docs/product/sign-in.md#session-guard). 'Log In Again' remembers the page so that signing in returns to it.
 */
export function SessionExpiredPage() {
  const location = useLocation();
  return (
    <SystemScreen
      icon={<ClockAlert size={28} />}
      title={MESSAGES.sessionExpiredTitle}
      body="Your session has ended. Sign in again to continue where you left off."
      actions={
        <Button component={Link} to="/login" state={{ from: location }}>
          {MESSAGES.logInAgain}
        </Button>
      }
    />
  );
}
