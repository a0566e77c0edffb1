// Fundraising teams' calls (docs/decisions/051-peer-teams-and-milestones.md): a page's team panel,
// creating, joining and leaving, the public team page and the staff teams table.
import type {
  TPeerCaptainTeam,
  TPeerStaffTeam,
  TPeerTeam,
  TPeerTeamInput,
  TPeerTeamPage,
  TPeerTeamPanel,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export const teamKeys = {
  all: ['peer-teams'] as const,
  panel: (npoId: number | null, pageId: number) => [...teamKeys.all, 'panel', npoId, pageId] as const,
  page: (url: string) => [...teamKeys.all, 'page', url] as const,
  staff: (npoId: number | null, campaignId: number) => [...teamKeys.all, 'staff', npoId, campaignId] as const,
  captain: (npoId: number | null, teamId: number) => [...teamKeys.all, 'captain', npoId, teamId] as const,
};

export const teamQueries = {
  panel: (npoId: number | null, pageId: number) =>
    queryOptions({
      queryKey: teamKeys.panel(npoId, pageId),
      queryFn: ({ signal }) => api<TPeerTeamPanel>('GET', `/npo_admin/peer_pages/${pageId}/team`, { signal }),
    }),
  page: (url: string) =>
    queryOptions({
      queryKey: teamKeys.page(url),
      queryFn: ({ signal }) => api<TPeerTeamPage>('GET', `/npo_admin/team_page/${encodeURIComponent(url)}`, { signal }),
    }),
  staff: (npoId: number | null, campaignId: number) =>
    queryOptions({
      queryKey: teamKeys.staff(npoId, campaignId),
      queryFn: ({ signal }) =>
        api<{ currency: string; teams: TPeerStaffTeam[] }>('GET', `/npo_admin/peer_to_peer/${campaignId}/teams`, {
          signal,
        }),
    }),
  captain: (npoId: number | null, teamId: number) =>
    queryOptions({
      queryKey: teamKeys.captain(npoId, teamId),
      queryFn: ({ signal }) => api<TPeerCaptainTeam>('GET', `/npo_admin/peer_teams/${teamId}`, { signal }),
    }),
};

export const teamApi = {
  create: (pageId: number, body: TPeerTeamInput) =>
    api<TPeerTeamPanel>('POST', `/npo_admin/peer_pages/${pageId}/team`, { body }),
  join: (pageId: number, teamId: number) =>
    api<TPeerTeamPanel>('PUT', `/npo_admin/peer_pages/${pageId}/team`, { body: { team_id: teamId } }),
  leave: (pageId: number) => api<TPeerTeamPanel>('DELETE', `/npo_admin/peer_pages/${pageId}/team`),
  edit: (teamId: number, body: TPeerTeamInput) => api<TPeerTeam>('PUT', `/npo_admin/peer_teams/${teamId}`, { body }),
  removeMember: (teamId: number, pageId: number) =>
    api<TPeerCaptainTeam>('DELETE', `/npo_admin/peer_teams/${teamId}/members/${pageId}`),
  approve: (campaignId: number, teamId: number) =>
    api<{ currency: string; teams: TPeerStaffTeam[] }>(
      'POST',
      `/npo_admin/peer_to_peer/${campaignId}/teams/${teamId}/approve`,
    ),
};
