// Urgency and progress on the public page (docs/product/campaigns.md#goal-and-days-left): the goal bar,
// a fundraiser's own goal, and the days-left badge with its colour.
import type { TPublicCampaign } from '@kindling/contracts';
import { daysLeftTone } from '@kindling/contracts/donor-wall-rules.ts';
import { formLocale, moneyIn } from './form-format.ts';

/** Raised of goal with a bar; progress is capped at 100 % and rounded to a whole percent. */
export function GoalBar({
  raised,
  goal,
  currency,
  label,
  locale,
}: {
  raised: number;
  goal: number;
  currency: string;
  label: string;
  /** The organisation's locale (form-format.ts). */
  locale: string;
}) {
  const whole = (minor: number) => moneyIn({ locale }, minor, currency, { trimWholeZeros: true });
  const percent = goal > 0 ? Math.min(100, Math.round((raised / goal) * 100)) : 100;
  return (
    <div className="kd-goal">
      <div className="kd-goal-figures">
        <span>
          <strong>{whole(raised)}</strong> raised
        </span>
        <span>of {whole(goal)}</span>
      </div>
      <div
        className="kd-goal-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function daysLeftText(days: number): string {
  if (days <= 0) return 'Campaign ended';
  return days === 1 ? '1 day left' : `${days} days left`;
}

export function PageUrgency({ campaign }: { campaign: TPublicCampaign }) {
  const { peer, days_left: days } = campaign;
  if (!peer && days === null) return null;
  return (
    <div className="kd-urgency">
      {peer && (
        <GoalBar
          raised={peer.raised_minor}
          goal={peer.goal_minor}
          currency={campaign.raised_currency}
          locale={formLocale(campaign)}
          label={`Raised towards ${peer.owner_name || 'the fundraiser'}’s goal`}
        />
      )}
      {days !== null && <p className={`kd-days kd-days-${daysLeftTone(days)}`}>{daysLeftText(days)}</p>}
    </div>
  );
}
