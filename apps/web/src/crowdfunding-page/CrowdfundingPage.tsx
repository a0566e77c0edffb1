// The public crowdfunding page (/crowdfunding/{id or address}, docs/product/crowdfunding.md): sticky header,
// title and call to action, gallery, tabs, figures, creator card, rewards, and the two modals, whose
// contents load when they open so the first load stays small (docs/decisions/048-crowdfunding.md).

import type { TCrowdfundingPage, TRewardClaimHeld } from '@kindling/contracts/crowdfunding.ts';
import { CROWDFUNDING_TEXT, onlyChargedIfMet } from '@kindling/contracts/crowdfunding-rules.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { getJson, postJson } from '../donate/http.ts';
import { useInlinedPage } from '../donate/inlined-page.ts';
import { cfFormat } from './cf-format.ts';
import { Gallery } from './Gallery.tsx';
import { Modal } from './Modal.tsx';
import { type Pledge, Rewards } from './Rewards.tsx';
import { Sidebar } from './Sidebar.tsx';
import { Tabs } from './Tabs.tsx';
import './crowdfunding-page.css';

const BackProject = lazy(() => import('./BackProject.tsx'));
const BecomeFundraiser = lazy(() => import('./BecomeFundraiser.tsx'));
// cf17c: an all-or-nothing campaign's modal saves the card instead of charging it.
const PledgeForm = lazy(() => import('./PledgeForm.tsx'));
// fin17: the settlement e-mail's link (?pledge=…) asks a declined backer for a new card.
const UpdateCard = lazy(() => import('./UpdateCard.tsx'));

type Open =
  | { kind: 'back'; pledge: Pledge; reference: string | null }
  | { kind: 'fundraiser' }
  | { kind: 'card'; reference: string }
  | null;

/** The pledge of the settlement e-mail's link, if the page was opened from it. */
const linkedPledge = (): Open => {
  const reference = new URLSearchParams(window.location.search).get('pledge');
  return reference ? { kind: 'card', reference } : null;
};

export const keyOf = (pathname: string) => decodeURIComponent(pathname.split('/').filter(Boolean)[1] ?? '');

const fetchPage = (key: string) => getJson<TCrowdfundingPage>(`/crowdfunding_page/${encodeURIComponent(key)}`);

function Spinner() {
  return (
    <main className="cf-state" aria-busy="true">
      <span className="cf-spinner" role="status" aria-label="Loading" />
    </main>
  );
}

export function CrowdfundingPage({ pathname }: { pathname: string }) {
  const key = keyOf(pathname);
  const [load, reload] = useInlinedPage('kindling-crowdfunding', key, fetchPage);
  const [open, setOpen] = useState<Open>(linkedPledge);
  const [busy, setBusy] = useState<number | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [invited, setInvited] = useState(false);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  // The invitation flag: shown once as a toast, then cleared.
  useEffect(() => {
    if (!invited) return;
    setToast(CROWDFUNDING_TEXT.invitationSent);
    setInvited(false);
  }, [invited]);

  if (load.state === 'loading') return <Spinner />;
  if (load.state !== 'ready')
    return (
      <main className="cf-state">
        <h1>{load.state === 'missing' ? 'We could not find that crowdfunding campaign.' : 'Something went wrong.'}</h1>
        {load.state === 'failed' && (
          <button type="button" className="cf-button cf-primary" onClick={reload}>
            Try again
          </button>
        )}
      </main>
    );
  const page = load.data;
  const format = cfFormat(page);
  const allOrNothing = page.funding_model === 'all_or_nothing';
  const pledge = async (next: Pledge) => {
    // A reward that ships is held once the backer says where to send it, in the modal.
    if (!next.reward || next.amount_minor === null || allOrNothing || next.reward.shipping_required)
      return setOpen({ kind: 'back', pledge: next, reference: null });
    setBusy(next.reward.id);
    try {
      const held = await postJson<TRewardClaimHeld>(`/crowdfunding_page/${page.id}/rewards/${next.reward.id}/claims`, {
        amount_minor: next.amount_minor,
      });
      setOpen({ kind: 'back', pledge: next, reference: held.reference });
    } catch (e) {
      setToast(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      reload();
    } finally {
      setBusy(null);
    }
  };
  const back = () => pledge({ reward: null, amount_minor: null });
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) await navigator.share({ title: page.name, url });
      else {
        await navigator.clipboard.writeText(url);
        setToast('Link copied');
      }
    } catch {
      // The visitor closed the share sheet.
    }
  };
  return (
    <div className="cf-page">
      <header className="cf-header">
        <div className="cf-org">
          {page.logo ? (
            <img src={page.logo} alt="" width="36" height="36" />
          ) : (
            <span className="cf-avatar" aria-hidden="true">
              {page.organisation.slice(0, 1)}
            </span>
          )}
          <p>
            <span className="cf-muted">Project by</span> <strong>{page.organisation}</strong>
          </p>
        </div>
        <div className="cf-header-actions">
          <button type="button" className="cf-button" onClick={share}>
            Share
          </button>
          <button type="button" className="cf-button cf-primary" onClick={back} disabled={!page.accepting}>
            Back This Project
          </button>
        </div>
      </header>
      <main className="cf-main">
        <div className="cf-intro">
          <h1>{page.name}</h1>
          <p className="cf-cta">{page.call_to_action.trim() || CROWDFUNDING_TEXT.fallbackCallToAction}</p>
          {!page.accepting && <p className="cf-ended">{CROWDFUNDING_TEXT.ended}</p>}
          {allOrNothing && page.accepting && page.deadline && (
            <p className="cf-all-or-nothing">
              <strong>All or nothing.</strong> {onlyChargedIfMet(format.date(page.deadline))}
            </p>
          )}
        </div>
        <div className="cf-columns">
          <div className="cf-story-column">
            <Gallery page={page} format={format} />
            <Tabs page={page} format={format} onBack={back} />
          </div>
          <aside className="cf-side" aria-label="Back this project">
            <Sidebar page={page} format={format} onBack={back} onShare={share} />
            <section className="cf-card cf-creator" aria-labelledby="cf-creator-title">
              <h2 id="cf-creator-title">Campaign Creator</h2>
              <p>
                <strong>{page.organisation}</strong>
              </p>
              <button type="button" className="cf-button">
                See full profile
              </button>
              <button type="button" className="cf-button" onClick={() => setOpen({ kind: 'fundraiser' })}>
                Become a Fundraiser
              </button>
            </section>
            <Rewards page={page} format={format} busy={busy} onPledge={pledge} />
          </aside>
        </div>
      </main>
      {open?.kind === 'back' && (
        <Modal title="Back this project" subtitle={<>You're supporting {page.name}</>} onClose={() => setOpen(null)}>
          <Suspense fallback={<span className="cf-spinner" role="status" aria-label="Loading" />}>
            {allOrNothing ? (
              <PledgeForm page={page} format={format} pledge={open.pledge} onPledged={reload} />
            ) : (
              <BackProject campaignId={page.id} pledge={open.pledge} reference={open.reference} onGift={reload} />
            )}
          </Suspense>
        </Modal>
      )}
      {open?.kind === 'card' && (
        <Modal title="Update your card" subtitle={<>Your pledge to {page.name}</>} onClose={() => setOpen(null)}>
          <Suspense fallback={<span className="cf-spinner" role="status" aria-label="Loading" />}>
            <UpdateCard reference={open.reference} format={format} onDone={reload} />
          </Suspense>
        </Modal>
      )}
      {open?.kind === 'fundraiser' && (
        <Modal
          title="Become a Fundraiser"
          subtitle="Join this campaign and help raise funds for this cause"
          onClose={() => setOpen(null)}
        >
          <Suspense fallback={<span className="cf-spinner" role="status" aria-label="Loading" />}>
            <BecomeFundraiser
              campaignId={page.id}
              teams={page.team_fundraising}
              onCancel={() => setOpen(null)}
              onSent={() => {
                setOpen(null);
                setInvited(true);
              }}
            />
          </Suspense>
        </Modal>
      )}
      {toast && (
        <div className="cf-toast" role="status">
          {toast}
        </div>
      )}
    </div>
  );
}
