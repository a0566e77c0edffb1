// Who is asking the portal API: the donor of a portal cookie (the link's session) or, under
// /api/v1/portal/account, the signed-in user's donor record in the selected organisation.
import { ACCESS, MESSAGES } from '@kindling/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { organisationSessionOf } from '../../platform/http/session-context.ts';
import { findDonorByEmail } from './portal.repository.ts';
import type { PortalSubject } from './portal.service.ts';
import { portalSessionOf } from './portal-session.ts';

export const PORTAL_EXPIRED = 'This donor portal session has ended. Open the link in your e-mail again.';

/** The link's donor: 401 without a live portal cookie. */
export function linkSubjectOf(request: FastifyRequest, secret: string): PortalSubject {
  const claims = portalSessionOf(request, secret);
  if (!claims) throw new AppError('UNAUTHENTICATED', PORTAL_EXPIRED);
  return {
    npoId: claims.npoId,
    donorId: claims.donorId,
    userId: null,
    via: 'portal_link',
    expiresAt: claims.expiresAt,
    ip: request.ip,
  };
}

/**
 * The signed-in donor: roles of the donor pages (docs/product/sign-in.md#route-access, the shared group), the
 * selected organisation, and the donor row with the user's e-mail there (null when none).
 */
export async function accountSubjectOf(request: FastifyRequest, db: Db): Promise<PortalSubject> {
  if (!request.session) throw new AppError('UNAUTHENTICATED', MESSAGES.notSignedIn);
  const session = organisationSessionOf(request, ACCESS.shared);
  const donor = await findDonorByEmail(db, session.selectedNpoId, session.user.email);
  return {
    npoId: session.selectedNpoId,
    donorId: donor?.id ?? null,
    userId: session.user.id,
    via: 'signed_in',
    expiresAt: null,
    ip: request.ip,
  };
}
