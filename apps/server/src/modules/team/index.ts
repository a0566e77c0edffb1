// The team module's public surface: the team page's routes (docs/product/team.md).
export { teamRoutes } from './team.routes.ts';
