// The CRM's major-gift pipeline (docs/decisions/043-deals-and-tasks.md). Other modules reach deals
// and the organisation's staff list through this surface only.
export { checkStaff, selectStaff } from './deal-stages.ts';
export { dealRoutes } from './deals.routes.ts';
export { dealTitle } from './deals.service.ts';
export { dealGifts, dealStages, deals } from './deals.tables.ts';
