import type { TRefreshResponse, TSelectNpoResponse } from '@kindling/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/session-context.ts';
import {
  listMembershipsOfUser,
  type OrganisationSnapshot,
  permissionsOf,
  sevenTotals,
  toOrganisationOption,
} from '../organisations/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import { toLoginUser } from './login-response.ts';
import { needsSecondFactor, selectNpoForSession } from './sessions.service.ts';
import { findUserById } from './users.repository.ts';

/** Client ids and the Stripe authorize address the web app needs (sign-in screen and refresh). */
export function publicProviderSettings(deps: AuthDeps) {
  return {
    google_client_id: deps.config.GOOGLE_CLIENT_ID ?? null,
    stripe_client_id: deps.stripeConnect.clientId,
    stripe_authorize_url: deps.stripeConnect.authorizeUrl,
  };
}

async function loadUser(deps: AuthDeps, session: RequestSession) {
  const user = await findUserById(deps.db, session.user.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'User session expired');
  const memberships = await listMembershipsOfUser(deps.db, user.id);
  return { user, memberships };
}

/**
 * GET /refresh: the session state in docs/product/sign-in.md#the-session, organisation parts empty until one is
 * selected.
 */
export async function buildRefresh(deps: AuthDeps, session: RequestSession): Promise<TRefreshResponse> {
  const { user, memberships } = await loadUser(deps, session);
  const selected = memberships.find((m) => m.npoId === session.selectedNpoId) ?? null;
  const snapshot = selected ? await deps.organisationSnapshot(deps.db, selected.npoId) : null;
  const providers = publicProviderSettings(deps);
  return {
    npo_user: {
      ...toLoginUser(user, selected, session.mfaSetupRequired),
      role: selected?.roleCode ?? null,
      code: selected?.roleCode ?? null,
      npo: snapshot?.npo ?? null,
      campaigns: snapshot?.campaigns ?? null,
      payment_types: snapshot?.paymentTypes ?? null,
      statuses: snapshot?.statuses ?? null,
      currencies: snapshot?.currencies ?? null,
      last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    },
    npos: memberships.map(toOrganisationOption),
    // docs/product/sign-in.md#the-session: the payment providers' ids belong to the selected organisation's session.
    stripe_publishable_key: selected ? (deps.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    stripe_client_id: selected ? providers.stripe_client_id : null,
    // Only a PayPal that can take payments (id and secret) is announced.
    paypal_client_id: selected && deps.config.PAYPAL_CLIENT_SECRET ? (deps.config.PAYPAL_CLIENT_ID ?? null) : null,
    google_site_id: providers.google_client_id,
    stripe_authorize_url: providers.stripe_authorize_url,
    backup_codes: null,
    npo_stats: snapshot?.stats ?? null,
    ...sevenTotals(snapshot?.stats ?? null),
  };
}

/** GET /npo_admin/select_npo: only an organisation the caller belongs to (else 404, nothing changes). */
export async function selectOrganisation(
  deps: AuthDeps,
  session: RequestSession,
  npoId: number,
): Promise<{ response: TSelectNpoResponse; session: RequestSession }> {
  const { user, memberships } = await loadUser(deps, session);
  const membership = memberships.find((m) => m.npoId === npoId);
  if (!membership) throw new AppError('NOT_FOUND', 'Organisation not found.');
  const snapshot: OrganisationSnapshot = await deps.organisationSnapshot(deps.db, npoId);
  const policy = await selectNpoForSession(deps.db, session.id, npoId);
  const mfaSetupRequired = needsSecondFactor(policy, user.otpEnabled, membership.roleCode);
  return {
    response: {
      code: membership.roleCode,
      role_name: membership.roleName,
      npo: snapshot.npo,
      npo_user: toLoginUser(user, membership, mfaSetupRequired),
      npo_stats: snapshot.stats,
      ...sevenTotals(snapshot.stats),
      npo_campaigns: snapshot.campaigns,
      npo_payment_types: snapshot.paymentTypes,
      npo_statuses: snapshot.statuses,
      npo_currencies: snapshot.currencies,
    },
    session: {
      ...session,
      selectedNpoId: npoId,
      roleCode: membership.roleCode,
      roleName: membership.roleName,
      permissions: permissionsOf(membership),
      mfaSetupRequired,
    },
  };
}
