export * from './access.ts';
export * from './account.ts';
export * from './amount-limits.ts';
export * from './analysis.ts';
// a22: the insights assistant.
export * from './assistant.ts';
export * from './auth.ts';
export type * from './auth-types.ts';
export * from './campaign-custom-js.ts';
export * from './campaign-public.ts';
export * from './campaign-settings.ts';
export * from './campaign-url.ts';
export * from './campaigns.ts';
export * from './card-expiry-rules.ts';
export * from './communications.ts';
// console24: the platform console.
export * from './console.ts';
// con24c: creating organisations from the console, and its analytics.
export * from './console-growth.ts';
// con24b: the console's announcements and security screen.
export * from './console-operations.ts';
// admin24: the console's platform-wide transactions, roll-up figures and announcements.
export * from './console-transactions.ts';
// crm20: contacts import (column mapping, match by e-mail).
export * from './contact-imports.ts';
export * from './contacts.ts';
export * from './conversion.ts';
// cf17: crowdfunding page, rewards and backers.
export * from './crowdfunding.ts';
// cf17b: crowdfunding staff screens (settings, rewards editor, gallery, updates).
export * from './crowdfunding-admin.ts';
// cf17c: all-or-nothing pledges.
export * from './crowdfunding-pledges.ts';
export * from './crowdfunding-rules.ts';
// c17: a reward's shipping address.
export * from './crowdfunding-shipping.ts';
export * from './currencies.ts';
// deals20: the CRM's major-gift pipeline and tasks.
export * from './deals.ts';
export * from './donation-admin.ts';
export * from './donation-choice.ts';
export * from './donation-constants.ts';
export * from './donation-list.ts';
export * from './donations.ts';
export * from './donor-wall.ts';
export * from './donors.ts';
// mkt21: e-mail marketing.
export * from './email-marketing.ts';
export * from './email-templates.ts';
// tix18: e-tickets and check-in at the door.
export * from './event-check-in.ts';
// tix18c: questions for each attendee of an event.
export * from './event-questions.ts';
// events18: events, ticket types, discount codes and ticket orders.
export * from './events.ts';
export * from './fee-cover.ts';
export * from './fundraisers.ts';
export * from './gift-aid.ts';
// g23: Gift Aid claims.
export * from './gift-aid-claims.ts';
export * from './imports.ts';
// ai22: AI insights.
export * from './insights.ts';
// api21: API keys and their scopes.
export * from './integrations.ts';
export * from './intervals.ts';
// kb21: the staff knowledge base.
export * from './knowledge-base.ts';
export * from './locale-rules.ts';
// mem19: memberships (tiers, joining, members).
export * from './memberships.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './notes.ts';
export * from './notifications.ts';
export * from './organisation-profile.ts';
export * from './overview.ts';
export * from './payment-methods.ts';
// pay25: payment requests (/pay/{id}).
export * from './payment-requests.ts';
export * from './payment-settings.ts';
export * from './payments.ts';
// p2p16: fundraiser pages, the fundraiser's dashboard, the staff P2P view and the leaderboard.
export * from './peer-pages.ts';
export * from './peer-share.ts';
// Peer teams: the captain's view.
export * from './peer-team-captain.ts';
// teams16: fundraising teams (docs/decisions/051-peer-teams-and-milestones.md).
export * from './peer-teams.ts';
export * from './portal.ts';
export * from './post-sign-in.ts';
export * from './processors.ts';
export * from './profile.ts';
export * from './provider-limits.ts';
export * from './question-answers.ts';
// ri23: recurring plans imported from another platform.
export * from './recurring-imports.ts';
export * from './recurring-plans.ts';
// rep23: the reports centre.
export * from './reports.ts';
export * from './roles.ts';
// wallet15: the sandbox's bank debits, and Apple Pay / Google Pay domains.
export * from './sandbox-debit-rules.ts';
// CRM segments.
// sr23: saved and scheduled reports.
export * from './saved-reports.ts';
export * from './search.ts';
export * from './security.ts';
export * from './segments.ts';
// crm20: year-end statements in bulk.
export * from './statements.ts';
// r23: the campaigns, donors and tax reports.
export * from './table-reports.ts';
export * from './tasks.ts';
export * from './team.ts';
// e18: the ticket orders list (/dashboard/tickets).
export * from './ticket-orders.ts';
export * from './wallet-domains.ts';
export * from './webhooks.ts';
export * from './workflows.ts';
