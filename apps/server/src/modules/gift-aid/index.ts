// Gift Aid claims (docs/product/reports.md#gift-aid-claims): eligible gifts of a period, the HMRC
// schedule, claims that mark gifts claimed once, and undoing a rejected claim.
export { giftAidRoutes } from './gift-aid.routes.ts';
