// Users: the people who sign in, and the rows their credentials live in (sessions, second factors,
// backup codes, password resets). The lowest core module: organisations' memberships, audit entries
// and staff-written rows reference a user; the auth module runs the sign-in flows over these rows.
// The tables are shared through here for joins (docs/decisions/018-module-graph.md).

export { photoUrlOf } from './photo.ts';
export { authChallenges, backupCodes, emailVerifications, passwordResets, sessions, users } from './users.tables.ts';
