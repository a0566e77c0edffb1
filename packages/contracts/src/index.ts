export * from './access.ts';
export * from './account.ts';
export * from './auth.ts';
export type * from './auth-types.ts';
export * from './messages.ts';
export * from './post-sign-in.ts';
export * from './roles.ts';
