// Every module's tables, gathered for Drizzle's relational queries and for drizzle-kit.
export * from '../../modules/analysis/giving-days.tables.ts';
export * from '../../modules/analysis/plan-days.tables.ts';
// a22: the assistant's saved queries.
export * from '../../modules/assistant/assistant.tables.ts';
export * from '../../modules/audit/audit.tables.ts';
export * from '../../modules/auth/sign-in.tables.ts';
export * from '../../modules/campaigns/campaigns.tables.ts';
export * from '../../modules/card-testing/card-testing.tables.ts';
export * from '../../modules/communications/communications.tables.ts';
// console24: the platform console's settings.
export * from '../../modules/console/console.tables.ts';
// con24b: the console's announcements and the platform's rate-limit hits.
export * from '../../modules/console/console-announcements.tables.ts';
// admin24: the console's daily roll-up of money (decision 054).
export * from '../../modules/console/console-figures.tables.ts';
export * from '../../modules/contacts/contacts.tables.ts';
export * from '../../modules/conversion/conversion.tables.ts';
// cf17: crowdfunding pages, rewards, claims and updates.
export * from '../../modules/crowdfunding/crowdfunding.tables.ts';
// cf17c: all-or-nothing pledges.
export * from '../../modules/crowdfunding/crowdfunding-pledges.tables.ts';
// deals20: the CRM's major-gift pipeline and tasks.
export * from '../../modules/deals/deals.tables.ts';
export * from '../../modules/donation-admin/donation-admin.tables.ts';
export * from '../../modules/donations/donations.tables.ts';
export * from '../../modules/donations/plans.tables.ts';
export * from '../../modules/donors/donor-giving.tables.ts';
export * from '../../modules/donors/donors.tables.ts';
// mkt21: e-mail marketing.
export * from '../../modules/email-marketing/marketing.tables.ts';
export * from '../../modules/email-templates/email-notices.tables.ts';
export * from '../../modules/email-templates/email-templates.tables.ts';
// events18: events, ticket types, discount codes and ticket orders.
export * from '../../modules/events/events.tables.ts';
export * from '../../modules/fundraisers/fundraisers.tables.ts';
// p2p16: fundraiser pages, P2P settings and thank-you status (docs/decisions/044-peer-to-peer-pages.md).
export * from '../../modules/fundraisers/peer-pages.tables.ts';
// teams16: fundraising teams and milestone e-mails (docs/decisions/051-peer-teams-and-milestones.md).
export * from '../../modules/fundraisers/peer-teams.tables.ts';
// g23: Gift Aid claims.
export * from '../../modules/gift-aid/gift-aid.tables.ts';
// crm20: contacts import.
export * from '../../modules/imports/contact-imports.tables.ts';
export * from '../../modules/imports/imports.tables.ts';
// ai22: stored AI insights.
export * from '../../modules/insights/insights.tables.ts';
// api21: API keys (decision 069).
export * from '../../modules/integrations/api-keys.tables.ts';
export * from '../../modules/integrations/webhooks.tables.ts';
// kb21: the organisation's own knowledge-base articles.
export * from '../../modules/knowledge-base/knowledge-base.tables.ts';
// mem19: memberships.
export * from '../../modules/memberships/memberships.tables.ts';
export * from '../../modules/notes/notes.tables.ts';
export * from '../../modules/notifications/notifications.tables.ts';
export * from '../../modules/organisations/organisations.tables.ts';
export * from '../../modules/overview/dashboard-settings.tables.ts';
// pay25b: payment request e-mails and reminder settings.
export * from '../../modules/payment-requests/payment-request-emails.tables.ts';
// pay25: payment requests and the payments counted against them (decision 050).
export * from '../../modules/payment-requests/payment-requests.tables.ts';
export * from '../../modules/payment-settings/payment-settings.tables.ts';
export * from '../../modules/payments/payments.tables.ts';
export * from '../../modules/processors/processors.tables.ts';
// wallet15: Apple Pay / Google Pay domains registered on the connected Stripe account.
export * from '../../modules/processors/wallet-domains.tables.ts';
export * from '../../modules/profile/profile.tables.ts';
// cf17b: what a gift brought back, for the receipt's deductible part.
export * from '../../modules/receipts/donation-goods.tables.ts';
// rc23: the reconciliation report's payouts.
export * from '../../modules/reports/reconciliation.tables.ts';
// r23: the income report's day sums (decision 085).
export * from '../../modules/reports/reports.tables.ts';
// sr23: saved and scheduled reports.
export * from '../../modules/reports/saved-reports.tables.ts';
export * from '../../modules/sandbox/sandbox.tables.ts';
// seg20: CRM segments.
export * from '../../modules/segments/segments.tables.ts';
// crm20: year-end statements in bulk.
export * from '../../modules/statements/statements.tables.ts';
export * from '../../modules/tasks/tasks.tables.ts';
export * from '../../modules/team/team.tables.ts';
export * from '../../modules/transactions/transactions.tables.ts';
export * from '../../modules/users/users.tables.ts';
export * from '../../modules/workflows/workflows.tables.ts';
export * from '../files/files.tables.ts';
export * from '../mail/mail-outbox.tables.ts';
export * from '../outbox/webhook-events.tables.ts';
export * from '../security/rate-limit.tables.ts';
export * from '../security/rate-limit-hits.tables.ts';
