// Donor self-service: the signed portal link e-mails carry, and the portal behind it.
export {
  createPortalLink,
  PORTAL_LINK_TTL_MS,
  type PortalClaims,
  type PortalTokenCheck,
  signPortalToken,
  verifyPortalToken,
} from './portal-link.ts';
