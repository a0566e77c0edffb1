// Donor self-service: the signed portal link e-mails carry, and the portal behind it (decision 012).

export { portalRoutes } from './portal.routes.ts';
export type { PortalDeps } from './portal.service.ts';
export {
  createPortalLink,
  PORTAL_LINK_TTL_MS,
  type PortalClaims,
  type PortalTokenCheck,
  signPortalToken,
  verifyPortalToken,
} from './portal-link.ts';
export { PORTAL_COOKIE } from './portal-session.ts';
