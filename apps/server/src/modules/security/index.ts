// The security page's routes (docs/product/security.md): the organisation's sign-in policy, its
// members' sessions and sign-in history, and the audit log with its CSV export.
export { securityRoutes } from './security.routes.ts';
