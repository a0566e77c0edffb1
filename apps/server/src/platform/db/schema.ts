// Every module's tables, gathered for Drizzle's relational queries and for drizzle-kit.
export * from '../../modules/audit/audit.tables.ts';
export * from '../../modules/auth/auth.tables.ts';
export * from '../../modules/campaigns/campaigns.tables.ts';
export * from '../../modules/donation-admin/donation-admin.tables.ts';
export * from '../../modules/donations/donations.tables.ts';
export * from '../../modules/donors/donor-giving.tables.ts';
export * from '../../modules/donors/donors.tables.ts';
export * from '../../modules/email-templates/email-templates.tables.ts';
export * from '../../modules/notes/notes.tables.ts';
export * from '../../modules/notifications/notifications.tables.ts';
export * from '../../modules/organisations/organisations.tables.ts';
export * from '../../modules/payments/payments.tables.ts';
export * from '../../modules/plans/plans.tables.ts';
export * from '../../modules/processors/processors.tables.ts';
export * from '../../modules/sandbox/sandbox.tables.ts';
export * from '../../modules/transactions/transactions.tables.ts';
export * from '../security/rate-limit.tables.ts';
