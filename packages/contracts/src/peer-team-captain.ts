// A team captain's view of their team (/fundraising-team/{id}, docs/decisions/051-peer-teams-and-milestones.md):
// the team with its members, the invitations not yet accepted, and removing a member.
import { z } from 'zod';
import { ZPeerTeam } from './peer-teams.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZPeerTeamMemberParams = z.object({ teamId: id, pageId: id });

export const ZPeerTeamInvitation = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  invited_at: z.string(),
});

export const ZPeerCaptainTeam = ZPeerTeam.extend({
  /** Pending while staff have not approved the team; only live teams are public. */
  state: z.enum(['pending', 'live']),
  invitations: z.array(ZPeerTeamInvitation),
});
export type TPeerCaptainTeam = z.infer<typeof ZPeerCaptainTeam>;
