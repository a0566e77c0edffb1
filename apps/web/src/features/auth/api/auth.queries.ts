import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth.api.ts';

/** Query keys of the sign-in feature, written once. */
export const authKeys = {
  all: ['auth'] as const,
  resetToken: (token: string) => [...authKeys.all, 'reset-token', token] as const,
};

export const authQueries = {
  /** Whether an e-mailed reset link is still valid (200 with the e-mail, or 404). */
  resetToken: (token: string) =>
    queryOptions({
      queryKey: authKeys.resetToken(token),
      queryFn: ({ signal }) => authApi.checkResetToken(token, signal),
      enabled: token.length > 0,
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
