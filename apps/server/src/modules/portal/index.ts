// Donor self-service: the portal behind the signed link e-mails carry (platform/security/portal-link.ts,
// decision 012).

export { portalRoutes } from './portal.routes.ts';
export type { PortalDeps } from './portal.service.ts';
export { PORTAL_COOKIE } from './portal-session.ts';
