// The campaign page's top teams (docs/decisions/051-peer-teams-and-milestones.md), in the chunk
// loaded after the first paint with the fundraisers' board; refreshed when a gift completes here and
// every 30 s while the page is visible (decision 079).
import type { TPublicCampaign } from '@kindling/contracts';
import type { TTeamBoard } from '@kindling/contracts/peer-teams.ts';
import { useEffect, useState } from 'react';
import { moneyIn } from '../form-format.ts';
import { GIFT_COMPLETED_EVENT } from '../page-events.ts';
import { startBoardPoll } from './board-poll.ts';

async function fetchTeams(campaignId: number, fresh = false): Promise<TTeamBoard> {
  const response = await fetch(`/api/v1/npo_admin/campaign_page/team_leaderboard?campaign_id=${campaignId}`, {
    cache: fresh ? 'no-cache' : 'default',
  });
  if (!response.ok) throw new Error(`team leaderboard ${response.status}`);
  return (await response.json()) as TTeamBoard;
}

export function TeamBoard({ campaign }: { campaign: TPublicCampaign }) {
  const [board, setBoard] = useState<TTeamBoard | null>(null);
  useEffect(() => {
    let live = true;
    const refresh = (fresh = false) =>
      fetchTeams(campaign.campaign_id, fresh)
        .then((next) => live && setBoard(next))
        .catch(() => {});
    void refresh();
    const stop = startBoardPoll(() => refresh());
    const onGift = () => void refresh(true);
    document.addEventListener(GIFT_COMPLETED_EVENT, onGift);
    return () => {
      live = false;
      stop();
      document.removeEventListener(GIFT_COMPLETED_EVENT, onGift);
    };
  }, [campaign.campaign_id]);
  if (!board || board.teams.length === 0) return null;
  return (
    <section className="kd-board" aria-labelledby="kd-teams-title">
      <h2 id="kd-teams-title">Top teams</h2>
      <ol aria-live="polite">
        {board.teams.map((t) => (
          <li key={t.id}>
            <a href={`/team-page/${t.team_url}`}>{t.name}</a>
            <span className="kd-board-who">
              {t.members} {t.members === 1 ? 'member' : 'members'}
            </span>
            <strong>{moneyIn(campaign, t.raised_minor, board.currency, { trimWholeZeros: true })}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}
