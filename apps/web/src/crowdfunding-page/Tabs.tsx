// The page's tabs (docs/product/crowdfunding.md#tabs): Story and Updates (HTML with IMAGE1 … replaced by the
// gallery's images), Comments (a placeholder) and Backers.

import type { TCrowdfundingPage } from '@kindling/contracts/crowdfunding.ts';
import { CROWDFUNDING_TEXT, storyWithImages } from '@kindling/contracts/crowdfunding-rules.ts';
import { useState } from 'react';
import type { CfFormat } from './cf-format.ts';

type Tab = 'story' | 'updates' | 'comments' | 'backers';
type Props = { page: TCrowdfundingPage; format: CfFormat; onBack: () => void };

function Updates({ page, format }: Omit<Props, 'onBack'>) {
  if (page.updates.length === 0)
    return (
      <div className="cf-empty">
        <p className="cf-empty-title">{CROWDFUNDING_TEXT.noUpdates}</p>
        <p>{CROWDFUNDING_TEXT.noUpdatesHint}</p>
      </div>
    );
  return (
    <ol className="cf-updates">
      {page.updates.map((u) => (
        <li key={u.id}>
          <p className="cf-muted">{format.date(u.date)}</p>
          <h3>{u.title}</h3>
          {/* Sanitised by the server when the update was saved; IMAGE1 … are the gallery's images with their
              WebP variants, as in the story (docs/product/crowdfunding.md#updates). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML (sanitize-html) */}
          <div className="cf-html" dangerouslySetInnerHTML={{ __html: storyWithImages(u.content, page.images) }} />
        </li>
      ))}
    </ol>
  );
}

function Backers({ page, format, onBack }: Props) {
  if (page.backer_list.length === 0)
    return (
      <div className="cf-empty">
        <p className="cf-empty-title">{CROWDFUNDING_TEXT.noBackers}</p>
        <button type="button" className="cf-button cf-primary" onClick={onBack} disabled={!page.accepting}>
          Back This Project
        </button>
      </div>
    );
  return (
    <ul className="cf-backers">
      {page.backer_list.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: backers have no id on the page, and the list only grows at the top
        <li key={i}>
          <span className="cf-avatar" aria-hidden="true">
            {b.name.slice(0, 1).toUpperCase()}
          </span>
          <span className="cf-backer-name">{b.name}</span>
          {b.amount_minor !== null && b.currency && (
            <span className="cf-backer-amount">{format.money(b.amount_minor, b.currency)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Tabs({ page, format, onBack }: Props) {
  const [tab, setTab] = useState<Tab>('story');
  const tabs: Array<[Tab, string]> = [
    ['story', 'Story'],
    ['updates', `Updates (${page.updates.length})`],
    ['comments', 'Comments'],
    ['backers', `Backers (${format.number(page.backers)})`],
  ];
  const story = page.description.trim();
  return (
    <section className="cf-tabs-section">
      <div role="tablist" aria-label="About this campaign" className="cf-tabs">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`cf-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`cf-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`cf-panel-${tab}`} aria-labelledby={`cf-tab-${tab}`} className="cf-panel">
        {tab === 'story' &&
          (story ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the description is sanitised by the server; the images' URLs and alt texts are escaped
            <div className="cf-html" dangerouslySetInnerHTML={{ __html: storyWithImages(story, page.images) }} />
          ) : (
            <p className="cf-empty-title">{CROWDFUNDING_TEXT.noDescription}</p>
          ))}
        {tab === 'updates' && <Updates page={page} format={format} />}
        {tab === 'comments' && <p className="cf-empty-title">{CROWDFUNDING_TEXT.comments}</p>}
        {tab === 'backers' && <Backers page={page} format={format} onBack={onBack} />}
      </div>
    </section>
  );
}
