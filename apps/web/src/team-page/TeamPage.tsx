// The public team page (/team-page/{url}, docs/product/campaigns.md#teams): the team's progress, its
// members' leaderboard, its latest gifts (donor wall rules, applied by the server), give and join.
// Its own light entry (decision 079); the members' board is asked again every 30 s while visible.

import { formatMoney } from '@kindling/contracts/money-rules.ts';
import type { TPeerTeamPage } from '@kindling/contracts/peer-teams.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { getJson } from '../donate/http.ts';
import { type PageLoad, useInlinedPage } from '../donate/inlined-page.ts';
import { startBoardPoll } from '../donate/peer/board-poll.ts';
import './team-page.css';

const JoinTeam = lazy(() => import('./JoinTeam.tsx'));

export const teamKeyOf = (pathname: string) => decodeURIComponent(pathname.split('/').filter(Boolean)[1] ?? '');

const fetchTeam = (key: string) => getJson<TPeerTeamPage>(`/npo_admin/team_page/${encodeURIComponent(key)}`);

function useTeam(key: string): [PageLoad<TPeerTeamPage>, () => void] {
  const [load, reload, fresher] = useInlinedPage('kindling-team', key, fetchTeam);
  // New gifts show without a reload: the team is asked again while the page is visible (decision 079).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the setter changes each render; the poll follows the key.
  useEffect(() => startBoardPoll(async () => fresher(await fetchTeam(key))), [key]);
  return [load, reload];
}

export function TeamPage({ pathname }: { pathname: string }) {
  const key = teamKeyOf(pathname);
  const [load, reload] = useTeam(key);
  const [joining, setJoining] = useState(false);
  useEffect(() => {
    if (load.state === 'ready') document.title = load.data.name;
  }, [load]);
  if (load.state === 'loading') {
    return (
      <main className="tp-state" aria-busy="true">
        <span className="tp-spinner" role="status" aria-label="Loading" />
      </main>
    );
  }
  if (load.state !== 'ready') {
    return (
      <main className="tp-state">
        <h1>{load.state === 'missing' ? 'Team not found' : 'Something went wrong.'}</h1>
        {load.state === 'missing' ? (
          <p>We could not find a team at /team-page/{key}. The link may be mistyped.</p>
        ) : (
          <button type="button" className="tp-button" onClick={reload}>
            Try again
          </button>
        )}
      </main>
    );
  }
  const t = load.data;
  const money = (minor: number) => formatMoney(minor, t.currency, t.locale, { trimWholeZeros: true });
  const percent = t.goal_minor ? Math.min(100, Math.round((t.raised_minor / t.goal_minor) * 100)) : 0;
  return (
    <main className="tp-page">
      <p className="tp-kicker">
        A team for {t.campaign_name}
        {t.captain ? ` · captain ${t.captain}` : ''}
      </p>
      <h1>{t.name}</h1>
      {t.image_url && <img className="tp-photo" src={t.image_url} alt="" width={720} height={405} />}
      <section className="tp-card" aria-label="Progress">
        <p className="tp-raised">{money(t.raised_minor)}</p>
        {t.goal_minor ? (
          <>
            <p>raised of the team’s {money(t.goal_minor)} goal</p>
            <progress max={100} value={percent} aria-label="Progress towards the team’s goal" />
          </>
        ) : (
          <p>raised so far</p>
        )}
        <div className="tp-actions">
          {t.donate_url && (
            <a className="tp-button tp-primary" href={t.donate_url}>
              Give to the team
            </a>
          )}
          {t.team_fundraising && !joining && (
            <button type="button" className="tp-button" onClick={() => setJoining(true)}>
              Join the team
            </button>
          )}
        </div>
        {joining && (
          <Suspense fallback={<span className="tp-spinner" role="status" aria-label="Loading" />}>
            <JoinTeam campaignId={t.campaign_id} teamId={t.id} teamName={t.name} onCancel={() => setJoining(false)} />
          </Suspense>
        )}
      </section>
      {t.story && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the story like a campaign's description (peer-teams.service)
        <div className="tp-story" dangerouslySetInnerHTML={{ __html: t.story }} />
      )}
      <section aria-labelledby="tp-members-title">
        <h2 id="tp-members-title">Members</h2>
        <ol className="tp-board" aria-live="polite">
          {t.members.map((m) => (
            <li key={m.page_id}>
              <a href={`/raise/${m.campaign_url}`}>{m.fundraiser || m.title}</a>
              {m.captain && <span className="tp-muted"> (captain)</span>}
              <strong>{money(m.raised_minor)}</strong>
            </li>
          ))}
        </ol>
      </section>
      {t.gifts.length > 0 && (
        <section aria-labelledby="tp-gifts-title">
          <h2 id="tp-gifts-title">Latest gifts</h2>
          <ul className="tp-gifts" aria-live="polite">
            {t.gifts.map((g) => (
              <li key={`${g.given_at}-${g.page_title}`}>
                {g.donor_name}
                {g.amount_minor > 0 ? ` gave ${money(g.amount_minor)}` : ' gave'} through “{g.page_title}”
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
