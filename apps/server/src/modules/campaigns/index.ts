// Campaigns: staff management, the public form's campaign data, and what recording a gift needs.
export { type CampaignLookupRow, findCampaignsMatching } from './campaign-lookup.repository.ts';
// mem19: the memberships tiers editor writes the form's presets.
export { type PresetAmount, replacePresetAmounts } from './campaign-presets.repository.ts';
export { listCampaignRefs } from './campaign-refs.repository.ts';
// p2p16: peer pages total their gifts by the campaigns' rule, and sanitise stories like descriptions.
export { campaignTotalsRow } from './campaign-totals.sql.ts';
export { installationProviders, paymentOptionsOf } from './campaign-view.ts';
export { campaignRoutes } from './campaigns.routes.ts';
export * from './campaigns.schemas.ts';
// p2p16: a fundraiser's page URL is checked by the campaigns' rule.
// cf17b: a new crowdfunding page is a campaign created by the campaigns' own rules.
export {
  checkCampaignUrl,
  createCampaign,
  findPayableCampaign,
  getCampaignPage,
  NO_CAMPAIGN,
  type PayableCampaign,
} from './campaigns.service.ts';
export { campaignDesignations, campaigns } from './campaigns.tables.ts';
export { type CurrencyFactors, niceMajor } from './currency-amounts.ts';
export { FORM_ROOT_SELECTOR, scopeCustomCss } from './custom-css.ts';
export { sanitiseDescription } from './description-html.ts';
export { findGiftContext, type GiftContext, giftContextJson, toGiftContext } from './gift-context.repository.ts';
