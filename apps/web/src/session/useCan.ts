import type { TPermission } from '@kindling/contracts';
import { useSession } from './session-context.ts';

/**
 * Whether the signed-in member holds `permission` in the selected organisation. Screens hide what
 * the server would refuse (docs/product/team.md#permissions); the server still decides.
 */
export function useCan(permission: TPermission): boolean {
  return useSession().permissions.includes(permission);
}
