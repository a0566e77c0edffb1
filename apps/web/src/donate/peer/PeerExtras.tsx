// What fundraising adds to the public pages (docs/decisions/044-peer-to-peer-pages.md), loaded after
// the first paint like the donor wall: the leaderboard of a campaign's fundraisers (asked again every
// 30 s while visible, decision 079) and, on a fundraiser's page, its video link and the share panel.
import type { TPublicCampaign } from '@kindling/contracts';
import type { TLeaderboard } from '@kindling/contracts/peer-pages.ts';
import { shareLinks } from '@kindling/contracts/peer-share.ts';
import { useEffect, useState } from 'react';
import { moneyIn } from '../form-format.ts';
import { GIFT_COMPLETED_EVENT } from '../page-events.ts';
import { startBoardPoll } from './board-poll.ts';
import './peer.css';
import { TeamBoard } from './TeamBoard.tsx';

async function fetchBoard(campaignId: number, fresh = false): Promise<TLeaderboard> {
  const response = await fetch(`/api/v1/npo_admin/campaign_page/leaderboard?campaign_id=${campaignId}`, {
    cache: fresh ? 'no-cache' : 'default',
  });
  if (!response.ok) throw new Error(`leaderboard ${response.status}`);
  return (await response.json()) as TLeaderboard;
}

const signature = (board: TLeaderboard) => board.fundraisers.map((f) => `${f.id}:${f.raised_minor}`).join(',');

export function Leaderboard({ campaign }: { campaign: TPublicCampaign }) {
  const [board, setBoard] = useState<TLeaderboard | null>(null);
  useEffect(() => {
    let live = true;
    let last = '';
    const refresh = async (fresh = false) => {
      const next = await fetchBoard(campaign.campaign_id, fresh);
      if (!live) return false;
      const changed = signature(next) !== last;
      last = signature(next);
      if (changed) setBoard(next);
      return changed;
    };
    refresh().catch(() => {});
    const stop = startBoardPoll(() => refresh());
    const onGift = () => void refresh(true).catch(() => {});
    document.addEventListener(GIFT_COMPLETED_EVENT, onGift);
    return () => {
      live = false;
      stop();
      document.removeEventListener(GIFT_COMPLETED_EVENT, onGift);
    };
  }, [campaign.campaign_id]);
  if (!board || board.fundraisers.length === 0) return null;
  return (
    <section className="kd-board" aria-labelledby="kd-board-title">
      <h2 id="kd-board-title">Top fundraisers</h2>
      <ol aria-live="polite">
        {board.fundraisers.map((f) => (
          <li key={f.id}>
            <a href={`/raise/${f.campaign_url}`}>{f.title}</a>
            {f.featured && <span className="kd-board-featured">Featured</span>}
            <span className="kd-board-who">{f.fundraiser}</span>
            <strong>{moneyIn(campaign, f.raised_minor, board.currency, { trimWholeZeros: true })}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SharePanel({ campaign }: { campaign: TPublicCampaign }) {
  const [copied, setCopied] = useState(false);
  const peer = campaign.peer;
  if (!peer) return null;
  const url = `${window.location.origin}/raise/${peer.campaign_url}`;
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(() => setCopied(true));
  };
  return (
    <section className="kd-share" aria-labelledby="kd-share-title">
      <h2 id="kd-share-title">Share this page</h2>
      {peer.video_url && (
        <p>
          <a href={peer.video_url} target="_blank" rel="noopener noreferrer">
            Watch {peer.owner_name || 'the fundraiser'}’s video
          </a>
        </p>
      )}
      <div className="kd-share-links">
        <button type="button" onClick={copy}>
          {copied ? 'Link copied' : 'Copy link'}
        </button>
        {shareLinks(url, peer.name).map((link) => (
          <a key={link.network} href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        ))}
      </div>
    </section>
  );
}

export default function PeerExtras({ campaign }: { campaign: TPublicCampaign }) {
  if (campaign.peer) return <SharePanel campaign={campaign} />;
  // p2p16b: the top teams beside the top fundraisers.
  return (
    <>
      <Leaderboard campaign={campaign} />
      <TeamBoard campaign={campaign} />
    </>
  );
}
