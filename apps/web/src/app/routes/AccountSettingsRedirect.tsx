import { canReach } from '@kindling/contracts';
import { Navigate } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { effectiveRole } from './route-access.ts';

/**
 * /account-settings (top-bar user menu) has no screen of its own: it opens the account page that the
 * user's role can reach.
 */
export function AccountSettingsRedirect() {
  const { role, roleName } = useSession();
  const code = effectiveRole(role, roleName);
  const target = canReach('admin', code)
    ? '/admin/account'
    : canReach('peer', code)
      ? '/profile'
      : '/dashboard/settings';
  return <Navigate to={target} replace />;
}
