// /admin: the administration overview, composed from the team, processors and organisations
// modules' public reads (docs/product/overview.md#administration-overview).
import type { TAdminOverview } from '@kindling/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { findNpo } from '../organisations/index.ts';
import { listTeam } from '../team/index.ts';
import { getLaunchpad, type OverviewDeps } from './launchpad.service.ts';

export async function getAdminOverview(deps: OverviewDeps, npoId: number, userId: number): Promise<TAdminOverview> {
  const [npo, team, processors, launchpad] = await Promise.all([
    findNpo(deps.db, npoId),
    listTeam(deps.db, npoId),
    deps.processors(npoId),
    getLaunchpad(deps, npoId, userId),
  ]);
  if (!npo) throw new AppError('NOT_FOUND', 'Organisation not found.');
  const now = Date.now();
  const pending = team.invitations.filter((i) => i.expiresAt.getTime() > now).length;
  const active = team.members.filter((m) => m.status === 'active');
  return {
    organisation: { id: npo.id, name: npo.name },
    team: {
      members: team.members.length,
      active: active.length,
      suspended: team.members.length - active.length,
      pending_invitations: pending,
      expired_invitations: team.invitations.length - pending,
    },
    processors,
    security: {
      without_second_factor: active
        .filter((m) => !m.two_factor)
        .map(({ user_id, name, email, role_name }) => ({ user_id, name, email, role_name })),
    },
    launchpad: { done: launchpad.done, total: launchpad.total },
  };
}
