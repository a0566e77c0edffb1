// The team module's public surface: the team page's routes (docs/product/team.md) and the team as
// other pages summarise it (the administration overview, the launchpad).

export { teamRoutes } from './team.routes.ts';
export { listTeam } from './team.service.ts';
