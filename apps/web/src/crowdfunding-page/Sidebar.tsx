// The figures beside the story (docs/product/crowdfunding.md#sidebar): raised versus goal, the bar capped at
// 100 %, '% Funded', the circular gauge (radius 28), Backers and Time Left with its colour.

import type { TCrowdfundingPage } from '@kindling/contracts/crowdfunding.ts';
import { fundedPercent, GAUGE_CIRCUMFERENCE, GAUGE_RADIUS } from '@kindling/contracts/crowdfunding-rules.ts';
import { daysLeftTone } from '@kindling/contracts/donor-wall-rules.ts';
import type { CfFormat } from './cf-format.ts';

export function timeLeftText(daysLeft: number | null): string {
  if (daysLeft === null) return 'No deadline';
  if (daysLeft <= 0) return 'Campaign ended';
  return daysLeft === 1 ? '1 day' : `${daysLeft} days`;
}

type Props = { page: TCrowdfundingPage; format: CfFormat; onBack: () => void; onShare: () => void };

export function Sidebar({ page, format, onBack, onShare }: Props) {
  const { bar, funded } = fundedPercent(page.raised_minor, page.goal_minor);
  const tone = page.days_left === null ? 'open' : daysLeftTone(page.days_left);
  return (
    <section className="cf-card cf-figures" aria-label="Funding progress">
      <p className="cf-raised">
        <strong>{format.raised(page.raised_minor)}</strong> raised of {format.raised(page.goal_minor)} goal
      </p>
      <div
        className="cf-bar"
        role="progressbar"
        aria-label="Funded"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(bar)}
      >
        <span style={{ width: `${bar}%` }} />
      </div>
      <div className="cf-figure-row">
        <span className="cf-badge">{funded}% Funded</span>
        <svg className="cf-gauge" width="72" height="72" viewBox="0 0 72 72" aria-hidden="true">
          <circle cx="36" cy="36" r={GAUGE_RADIUS} className="cf-gauge-track" />
          <circle
            cx="36"
            cy="36"
            r={GAUGE_RADIUS}
            className="cf-gauge-value"
            strokeDasharray={GAUGE_CIRCUMFERENCE}
            strokeDashoffset={GAUGE_CIRCUMFERENCE * (1 - bar / 100)}
          />
          <text x="36" y="41" textAnchor="middle">
            {Math.round(bar)}%
          </text>
        </svg>
      </div>
      <dl className="cf-stats">
        <div>
          <dt>Backers</dt>
          <dd data-testid="cf-backers">{format.number(page.backers)}</dd>
        </div>
        <div>
          <dt>Time Left</dt>
          <dd className={`cf-time cf-time-${tone}`}>{timeLeftText(page.days_left)}</dd>
        </div>
      </dl>
      <button type="button" className="cf-button cf-primary" onClick={onBack} disabled={!page.accepting}>
        Back This Project
      </button>
      <button type="button" className="cf-button" onClick={onShare}>
        Share this project
      </button>
    </section>
  );
}
