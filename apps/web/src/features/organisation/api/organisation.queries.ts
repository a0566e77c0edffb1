import type {
  TOrganisationImageResponse,
  TOrganisationProfile,
  TOrganisationProfileRequest,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../../app/api-client.ts';

/** Query keys of the organisation profile, written once. */
export const organisationKeys = {
  all: ['organisation'] as const,
  profile: () => [...organisationKeys.all, 'profile'] as const,
};

export const organisationQueries = {
  profile: () =>
    queryOptions({
      queryKey: organisationKeys.profile(),
      queryFn: ({ signal }) => api<TOrganisationProfile>('GET', '/npo_admin/organisation_profile', { signal }),
    }),
};

export type ProfileImageKind = 'logo' | 'signature';

export const organisationApi = {
  save: (body: TOrganisationProfileRequest) =>
    api<TOrganisationProfile>('PUT', '/npo_admin/organisation_profile', { body }),
  uploadImage: (kind: ProfileImageKind, file: File) =>
    uploadFile<TOrganisationImageResponse>(`/npo_admin/organisation_profile/${kind}`, file, 'image'),
};
