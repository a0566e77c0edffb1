import type {
  TAcceptInvitationResponse,
  TInvitationPreview,
  TTeamInvitation,
  TTeamMember,
  TTeamResponse,
  TUserPermissionsResponse,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** The organisation id is part of the key: switching organisation never shows the other's team. */
export const teamKeys = {
  all: ['team'] as const,
  of: (npoId: number | null) => [...teamKeys.all, npoId] as const,
  permissions: (npoId: number | null, userId: number) => [...teamKeys.of(npoId), 'permissions', userId] as const,
};

export const teamQueries = {
  team: (npoId: number | null) =>
    queryOptions({
      queryKey: teamKeys.of(npoId),
      queryFn: ({ signal }) => api<TTeamResponse>('GET', '/npo_admin/team', { signal }),
    }),
  permissions: (npoId: number | null, userId: number) =>
    queryOptions({
      queryKey: teamKeys.permissions(npoId, userId),
      queryFn: ({ signal }) =>
        api<TUserPermissionsResponse>('GET', `/npo_admin/user_permissions/${userId}`, { signal }),
    }),
  invitation: (token: string) =>
    queryOptions({
      queryKey: ['team-invitation', token],
      queryFn: ({ signal }) => api<TInvitationPreview>('GET', `/team_invitations/${token}`, { signal }),
      retry: false,
    }),
};

export const teamApi = {
  invite: (body: { email: string; role_code: number }) =>
    api<TTeamInvitation>('POST', '/npo_admin/team/invitations', { body }),
  resend: (id: number) => api<TTeamInvitation>('POST', `/npo_admin/team/invitations/${id}/resend`),
  revoke: (id: number) => api<void>('DELETE', `/npo_admin/team/invitations/${id}`),
  changeRole: (userId: number, roleCode: number) =>
    api<TTeamMember>('PUT', `/npo_admin/team/${userId}/role`, { body: { role_code: roleCode } }),
  setSuspended: (userId: number, suspended: boolean) =>
    api<TTeamMember>('PUT', `/npo_admin/team/${userId}/suspension`, { body: { suspended } }),
  remove: (userId: number) => api<void>('DELETE', `/npo_admin/team/${userId}`),
  setPermissions: (userId: number, permissions: string[]) =>
    api<TUserPermissionsResponse>('PUT', `/npo_admin/user_permissions/${userId}`, {
      body: { permissions: { permissions } },
    }),
  accept: (token: string, body: { first_name?: string; last_name?: string; password?: string }) =>
    api<TAcceptInvitationResponse>('POST', `/team_invitations/${token}/accept`, { body }),
};
