import type {
  TConsoleAnalytics,
  TConsoleCreatedOrganisation,
  TConsoleCreateOrganisationRequest,
  TConsoleOwnerInvitation,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { consoleKeys } from './console.queries.ts';

// con24c: /console/analytics and creating an organisation (decision 063).
export const consoleAnalyticsQuery = () =>
  queryOptions({
    queryKey: [...consoleKeys.all, 'analytics'] as const,
    queryFn: ({ signal }) => api<TConsoleAnalytics>('GET', '/console/analytics', { signal }),
  });

export const createConsoleOrganisation = (body: TConsoleCreateOrganisationRequest) =>
  api<TConsoleCreatedOrganisation>('POST', '/console/organizations', { body });

// fin19: a new link for the owner who has not joined yet.
export const resendOwnerInvitation = (npoId: number, reason: string) =>
  api<TConsoleOwnerInvitation>('POST', `/console/organizations/${npoId}/resend_invitation`, { body: { reason } });
