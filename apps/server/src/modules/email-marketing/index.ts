// E-mail marketing (docs/product/crm-email-marketing.md, docs/decisions/075-email-marketing-sends.md):
// campaign e-mails to a segment, sent through the job queue once per recipient.

export { marketingRoutes } from './marketing.routes.ts';
export {
  emailSuppressions,
  emailUnsubscribeLinks,
  marketingEmails,
  marketingRecipients,
  marketingSettings,
} from './marketing.tables.ts';
export { marketingPublicRoutes } from './marketing-public.routes.ts';
export { registerMarketingSends, runSender, sweep } from './marketing-send.ts';
export { type UnsubscribableMail, withUnsubscribeLink } from './marketing-unsubscribe.ts';
