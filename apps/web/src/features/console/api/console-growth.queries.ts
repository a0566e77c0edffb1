import type {
  TConsoleAnalytics,
  TConsoleCreatedOrganisation,
  TConsoleCreateOrganisationRequest,
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
