// The staff donations list (/dashboard/donations): filtered pages with totals, and streamed exports.
export { donationListRoutes } from './donation-list.routes.ts';
export { donationTotals } from './donation-list.service.ts';
export { donationFilterWhere } from './donation-list.sql.ts';
