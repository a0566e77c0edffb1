// The team choice of the 'Become a Fundraiser' form, shown when the campaign takes teams
// (spec 02 `team_fundraising`, docs/decisions/067-team-pages-and-joining-at-sign-up.md): no team, join
// one of the campaign's live teams, or start a new one. The request names the choice; nothing
// happens until the e-mailed link is followed.
import type { TTeamBoard } from '@kindling/contracts/peer-teams.ts';
import { useEffect, useState } from 'react';
import { getJson } from '../donate/http.ts';

export type TeamPick = { team_id: number } | { new_team_name: string } | Record<string, never>;

type Props = { campaignId: number; errors: Record<string, string> };

/** The fields; the form reads them back with `teamPickOf`. */
export function TeamChoice({ campaignId, errors }: Props) {
  const [teams, setTeams] = useState<TTeamBoard['teams']>([]);
  const [choice, setChoice] = useState<'none' | 'join' | 'new'>('none');
  useEffect(() => {
    let live = true;
    getJson<TTeamBoard>(`/npo_admin/campaign_page/team_leaderboard?campaign_id=${campaignId}&limit=50`)
      .then((board) => live && board.team_fundraising && setTeams(board.teams))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [campaignId]);
  const option = (value: typeof choice, label: string) => (
    <label className="cf-radio">
      <input
        type="radio"
        name="team_choice"
        value={value}
        checked={choice === value}
        onChange={() => setChoice(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="cf-fieldset">
      <legend>Team</legend>
      {option('none', 'Fundraise on my own')}
      {teams.length > 0 && option('join', 'Join a team')}
      {choice === 'join' && (
        <label className="cf-field">
          <span>Choose a team</span>
          <select name="team_id" required aria-invalid={errors.team_id ? true : undefined}>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          {errors.team_id && <span className="cf-error">{errors.team_id}</span>}
        </label>
      )}
      {option('new', 'Start a new team')}
      {choice === 'new' && (
        <label className="cf-field">
          <span>Team name</span>
          <input
            name="new_team_name"
            required
            maxLength={100}
            autoComplete="off"
            aria-invalid={errors.new_team_name ? true : undefined}
          />
          {errors.new_team_name && <span className="cf-error">{errors.new_team_name}</span>}
        </label>
      )}
    </fieldset>
  );
}

/** What the request sends for the choice made in the form. */
export function teamPickOf(data: FormData): TeamPick {
  const choice = data.get('team_choice');
  if (choice === 'join' && data.get('team_id')) return { team_id: Number(data.get('team_id')) };
  if (choice === 'new') return { new_team_name: String(data.get('new_team_name') ?? '').trim() };
  return {};
}
