// The public pages around the form: /{campaign_url}, /raise/…, /subscriptions/… (with a small
// header) and /campaign-embed/… (chromeless, reports its height to the parent page).
import type { TPublicCampaign } from '@kindling/contracts';
import { PAYMENT_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { fetchCampaign, inlinedCampaign, type PublicRoute, parsePublicRoute } from './campaign-source.ts';
import { DonationForm } from './DonationForm.tsx';
import { useAfterFirstPaint, useIdle } from './deferred.ts';
import { useEmbedResize } from './embed-resize.ts';
import { HttpError } from './http.ts';
import { GoalBar, PageUrgency } from './PageUrgency.tsx';
import { FORM_READY_EVENT, usePageEvent } from './page-events.ts';
import './page.css';
import { formLocale, moneyIn } from './form-format.ts';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; campaign: TPublicCampaign }
  | { state: 'missing' }
  | { state: 'failed' };

function useCampaign(route: PublicRoute | null): [Load, () => void] {
  const [load, setLoad] = useState<Load>(() => {
    const inlined = route ? inlinedCampaign() : null;
    if (!route) return { state: 'missing' };
    return inlined ? { state: 'ready', campaign: inlined } : { state: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one fetch per attempt
  useEffect(() => {
    if (!route || (load.state !== 'loading' && attempt === 0)) return;
    let live = true;
    fetchCampaign(route).then(
      (campaign) => live && setLoad({ state: 'ready', campaign }),
      (error: unknown) =>
        live && setLoad({ state: error instanceof HttpError && error.status === 404 ? 'missing' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((a) => a + 1);
  };
  return [load, retry];
}

function Header({ campaign }: { campaign: TPublicCampaign }) {
  const goal = campaign.goal_minor;
  return (
    <header className="kd-page-header">
      <div className="kd-org">
        {campaign.logo ? (
          <img src={campaign.logo} alt="" width="40" height="40" />
        ) : (
          <span className="kd-org-mark" aria-hidden="true">
            {campaign.npo.slice(0, 1)}
          </span>
        )}
        <span>{campaign.npo}</span>
      </div>
      {campaign.image_url && (
        <img className="kd-hero" src={campaign.image_url} alt="" width="960" height="400" fetchPriority="high" />
      )}
      <h1>{campaign.peer ? campaign.peer.name : campaign.name}</h1>
      {campaign.peer ? (
        <p className="kd-peer">
          {/* p2p16c: a team's own page has no owner (docs/decisions/067-team-pages-and-joining-at-sign-up.md). */}
          {campaign.peer.owner_name ? <strong>{campaign.peer.owner_name}</strong> : 'The team'} is fundraising for{' '}
          {campaign.name}: <strong>{moneyIn(campaign, campaign.peer.raised_minor, campaign.raised_currency)}</strong>{' '}
          raised from {campaign.peer.donors} {campaign.peer.donors === 1 ? 'donor' : 'donors'}
        </p>
      ) : (
        goal !== null && (
          <GoalBar
            raised={campaign.raised_minor}
            goal={goal}
            currency={campaign.raised_currency}
            locale={formLocale(campaign)}
            label="Raised towards the goal"
          />
        )
      )}
    </header>
  );
}

const DonorWall = lazy(() => import('./donor-wall/DonorWall.tsx'));

/** Donor wall: mounted in an idle period after the first render, so its code never delays the form. */
function LazyDonorWall({ campaign }: { campaign: TPublicCampaign }) {
  if (!useIdle()) return null;
  return (
    <Suspense fallback={null}>
      <DonorWall campaign={campaign} />
    </Suspense>
  );
}

// p2p16: the leaderboard (campaign pages) and share panel (fundraiser pages), in an idle period of their own.
const PeerExtras = lazy(() => import('./peer/PeerExtras.tsx'));
function LazyPeerExtras({ campaign }: { campaign: TPublicCampaign }) {
  if (!useIdle()) return null;
  return (
    <Suspense fallback={null}>
      <PeerExtras campaign={campaign} />
    </Suspense>
  );
}

function Message({ title, text, action }: { title: string; text: string; action?: () => void }) {
  return (
    <div className="kd-message">
      <h1>{title}</h1>
      <p>{text}</p>
      {action && (
        <button type="button" onClick={action}>
          Try again
        </button>
      )}
    </div>
  );
}

export function CampaignPage({ pathname }: { pathname: string }) {
  const route = parsePublicRoute(pathname);
  const embed = route?.kind === 'embed';
  const [load, retry] = useCampaign(route);
  // Below the form: with it, so nothing shifts up and back down when step 1's lower part arrives.
  const below = useAfterFirstPaint(true);
  useEmbedResize(embed, load.state === 'ready' ? String(load.campaign.id) : (route?.key ?? ''));
  // Custom JS: the campaign's own script waits for this (page-events.ts).
  usePageEvent(
    FORM_READY_EVENT,
    load.state === 'ready' && load.campaign.status === 'active' && load.campaign.accepting_gifts !== false,
  );
  useEffect(() => {
    if (load.state === 'ready') document.title = `Donate to ${load.campaign.name} · ${load.campaign.npo}`;
  }, [load]);

  let body: ReactNode;
  if (load.state === 'loading') {
    body = (
      <p className="kd-loading" role="status">
        <span className="kd-spinner" aria-hidden="true" /> Loading…
      </p>
    );
  } else if (load.state === 'failed') {
    body = (
      <Message
        title={PAYMENT_MESSAGES.campaignLoadFailed}
        text="Please check your connection and try again."
        action={retry}
      />
    );
  } else if (load.state === 'missing' || load.campaign.status !== 'active') {
    body = (
      <Message
        title={PAYMENT_MESSAGES.noCampaignData}
        text="This campaign may have ended or its address may have changed. Please check the link you followed."
      />
    );
  } else if (load.campaign.accepting_gifts === false) {
    // console24: the platform suspended or closed the organisation: a neutral page, no form, so no
    // payment is attempted (docs/decisions/046-platform-console.md).
    body = (
      <Message
        title="Not accepting gifts"
        text={`${load.campaign.npo} is not accepting gifts at the moment. Thank you for thinking of them.`}
      />
    );
  } else {
    body = (
      <>
        {/* The embed frame shows no header, but its document still needs a level-one heading. */}
        {embed ? (
          <h1 className="kd-visually-hidden">Donate to {load.campaign.name}</h1>
        ) : (
          <Header campaign={load.campaign} />
        )}
        {!embed && <PageUrgency campaign={load.campaign} />}
        <DonationForm campaign={load.campaign} progressive />
        {below && !embed && load.campaign.description.trim() && (
          <section className="kd-about" aria-labelledby="kd-about-title">
            <h2 id="kd-about-title">About this campaign</h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the description (campaigns module, description-html) */}
            <div dangerouslySetInnerHTML={{ __html: load.campaign.description }} />
          </section>
        )}
        {/* Donor wall: its code loads after the first paint (LazyDonorWall). */}
        {below && !embed && <LazyDonorWall campaign={load.campaign} />}
        {/* p2p16: leaderboard or share panel (decision 044). */}
        {below && !embed && <LazyPeerExtras campaign={load.campaign} />}
      </>
    );
  }
  const theme = load.state === 'ready' ? load.campaign.campaign_settings.theme_color : undefined;
  const style = theme ? ({ '--kd-page-theme': theme } as CSSProperties) : undefined;
  return (
    <main className={embed ? 'kd-page kd-embed' : 'kd-page'} style={style}>
      {body}
    </main>
  );
}
