// Every module's tables, gathered for Drizzle's relational queries and for drizzle-kit.
export * from '../../modules/analysis/giving-days.tables.ts';
export * from '../../modules/analysis/plan-days.tables.ts';
export * from '../../modules/audit/audit.tables.ts';
export * from '../../modules/auth/sign-in.tables.ts';
export * from '../../modules/campaigns/campaigns.tables.ts';
export * from '../../modules/card-testing/card-testing.tables.ts';
export * from '../../modules/contacts/contacts.tables.ts';
export * from '../../modules/conversion/conversion.tables.ts';
export * from '../../modules/donation-admin/donation-admin.tables.ts';
export * from '../../modules/donations/donations.tables.ts';
export * from '../../modules/donations/plans.tables.ts';
export * from '../../modules/donors/donor-giving.tables.ts';
export * from '../../modules/donors/donors.tables.ts';
export * from '../../modules/email-templates/email-notices.tables.ts';
export * from '../../modules/email-templates/email-templates.tables.ts';
// events18: events, ticket types, discount codes and ticket orders.
export * from '../../modules/events/events.tables.ts';
export * from '../../modules/fundraisers/fundraisers.tables.ts';
export * from '../../modules/imports/imports.tables.ts';
export * from '../../modules/notes/notes.tables.ts';
export * from '../../modules/notifications/notifications.tables.ts';
export * from '../../modules/organisations/organisations.tables.ts';
export * from '../../modules/overview/dashboard-settings.tables.ts';
export * from '../../modules/payment-settings/payment-settings.tables.ts';
export * from '../../modules/payments/payments.tables.ts';
export * from '../../modules/processors/processors.tables.ts';
// wallet15: Apple Pay / Google Pay domains registered on the connected Stripe account.
export * from '../../modules/processors/wallet-domains.tables.ts';
export * from '../../modules/profile/profile.tables.ts';
export * from '../../modules/sandbox/sandbox.tables.ts';
export * from '../../modules/team/team.tables.ts';
export * from '../../modules/transactions/transactions.tables.ts';
export * from '../../modules/users/users.tables.ts';
export * from '../files/files.tables.ts';
export * from '../mail/mail-outbox.tables.ts';
export * from '../security/rate-limit.tables.ts';
