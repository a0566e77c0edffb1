// The donor wall under the form (docs/product/donation-form.md#donor-wall): recent supporters as each
// chose to appear, kept current without a reload by a visible-only poll (wall-poll.ts). Loaded after
// the first paint, outside the page's first-load budget.
import type { TPublicCampaign } from '@kindling/contracts';
import type { TDonorWallEntry } from '@kindling/contracts/donor-wall.ts';
import { useEffect, useRef, useState } from 'react';
import { moneyIn } from '../form-format.ts';
import { GIFT_COMPLETED_EVENT } from '../page-events.ts';
import { fetchWall, mergeNewest, type WallPage } from './wall-api.ts';
import { startWallPoll } from './wall-poll.ts';
import './donor-wall.css';

type State = { entries: TDonorWallEntry[]; cursor: string | null; loaded: boolean };

function useWall({ campaignId, peerCampaignId }: WallPage) {
  const [state, setState] = useState<State>({ entries: [], cursor: null, loaded: false });
  const keys = useRef(new Set<string>());
  useEffect(() => {
    let live = true;
    /** Reads the newest page; true when it held a gift not shown yet. */
    const refresh = async (fresh = false) => {
      const newest = await fetchWall({ campaignId, peerCampaignId }, null, fresh);
      if (!live) return false;
      const news = newest.supporters.some((e) => !keys.current.has(e.key));
      for (const e of newest.supporters) keys.current.add(e.key);
      setState((s) => ({
        entries: mergeNewest(s.entries, newest.supporters),
        cursor: s.loaded ? s.cursor : newest.next_cursor,
        loaded: true,
      }));
      return news;
    };
    // The wall is secondary: a page whose wall cannot load simply shows none (the poll tries again).
    refresh().catch(() => {});
    const stop = startWallPoll(() => refresh());
    const onGift = () => void refresh(true).catch(() => {});
    document.addEventListener(GIFT_COMPLETED_EVENT, onGift);
    return () => {
      live = false;
      stop();
      document.removeEventListener(GIFT_COMPLETED_EVENT, onGift);
    };
  }, [campaignId, peerCampaignId]);
  const more = async () => {
    if (!state.cursor) return;
    const next = await fetchWall({ campaignId, peerCampaignId }, state.cursor);
    for (const e of next.supporters) keys.current.add(e.key);
    setState((s) => ({
      ...s,
      entries: [...s.entries, ...next.supporters.filter((e) => !s.entries.some((x) => x.key === e.key))],
      cursor: next.next_cursor,
    }));
  };
  return { state, more };
}

function Entry({ entry, locale }: { entry: TDonorWallEntry; locale: string | undefined }) {
  return (
    <li className="kd-wall-entry">
      <span className="kd-wall-mark" aria-hidden="true">
        {entry.anonymous ? '♥' : entry.name.slice(0, 1).toUpperCase()}
      </span>
      <div>
        <p className="kd-wall-line">
          <strong>{entry.name}</strong>
          {entry.amount_minor !== null && entry.currency && (
            <span className="kd-wall-amount">
              {moneyIn({ locale }, entry.amount_minor, entry.currency, { trimWholeZeros: true })}
            </span>
          )}
        </p>
        {entry.comment && <p className="kd-wall-comment">“{entry.comment}”</p>}
      </div>
    </li>
  );
}

export default function DonorWall({ campaign }: { campaign: TPublicCampaign }) {
  const { state, more } = useWall({ campaignId: campaign.campaign_id, peerCampaignId: campaign.peer_campaign_id });
  const [busy, setBusy] = useState(false);
  if (!state.loaded || state.entries.length === 0) return null;
  return (
    <section className="kd-wall" aria-labelledby="kd-wall-title">
      <h2 id="kd-wall-title">Recent supporters</h2>
      <ul aria-live="polite" aria-relevant="additions">
        {state.entries.map((entry) => (
          <Entry key={entry.key} entry={entry} locale={campaign.locale} />
        ))}
      </ul>
      {state.cursor && (
        <button
          type="button"
          className="kd-wall-more"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            more()
              .catch(() => {})
              .finally(() => setBusy(false));
          }}
        >
          Show more
        </button>
      )}
    </section>
  );
}
