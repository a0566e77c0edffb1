// 'Select a Reward' and the flexible pledge (docs/product/crowdfunding.md#rewards). A campaign without rewards
// of its own offers the sample tiers as plain pledges.

import type { TCrowdfundingPage, TCrowdfundingReward } from '@kindling/contracts/crowdfunding.ts';
import { SAMPLE_REWARD_TIERS } from '@kindling/contracts/crowdfunding-rules.ts';
import type { CfFormat } from './cf-format.ts';

export type Pledge = { reward: TCrowdfundingReward | null; amount_minor: number | null };

type Props = { page: TCrowdfundingPage; format: CfFormat; busy: number | null; onPledge: (pledge: Pledge) => void };

function RewardCard({
  reward,
  page,
  format,
  busy,
  onPledge,
}: Omit<Props, 'page'> & { page: TCrowdfundingPage; reward: TCrowdfundingReward }) {
  const gone = reward.remaining === 0;
  return (
    <li className="cf-card cf-reward">
      <p className="cf-reward-amount">Pledge {format.money(reward.amount_minor)} or more</p>
      <h3>{reward.title}</h3>
      {reward.description && <p>{reward.description}</p>}
      <p className="cf-muted">
        <span data-testid={`cf-claimed-${reward.id}`}>{format.number(reward.claimed)}</span>{' '}
        {reward.claimed === 1 ? 'backer' : 'backers'}
        {reward.remaining !== null && ` · ${gone ? 'All claimed' : `${format.number(reward.remaining)} left`}`}
      </p>
      {reward.delivery_date && <p className="cf-muted">Estimated delivery {format.delivery(reward.delivery_date)}</p>}
      <button
        type="button"
        className="cf-button cf-primary"
        disabled={gone || !page.accepting || busy !== null}
        aria-label={`Select ${reward.title}`}
        onClick={() => onPledge({ reward, amount_minor: reward.amount_minor })}
      >
        {busy === reward.id ? 'Holding…' : gone ? 'All claimed' : 'Select'}
      </button>
    </li>
  );
}

export function Rewards({ page, format, busy, onPledge }: Props) {
  return (
    <section aria-labelledby="cf-rewards-title" className="cf-rewards">
      <h2 id="cf-rewards-title">Select a Reward</h2>
      <ul>
        <li className="cf-card cf-reward">
          <p className="cf-reward-amount">Make a Flexible Pledge</p>
          <h3>Custom Amount</h3>
          <p className="cf-muted">No reward, just support the project.</p>
          <button
            type="button"
            className="cf-button"
            disabled={!page.accepting}
            onClick={() => onPledge({ reward: null, amount_minor: null })}
          >
            Pledge any amount
          </button>
        </li>
        {page.rewards.length > 0
          ? page.rewards.map((r) => (
              <RewardCard key={r.id} reward={r} page={page} format={format} busy={busy} onPledge={onPledge} />
            ))
          : SAMPLE_REWARD_TIERS.map((major) => (
              <li key={major} className="cf-card cf-reward">
                <p className="cf-reward-amount">Pledge {format.money(major * 100)}</p>
                <h3>Supporter</h3>
                <button
                  type="button"
                  className="cf-button cf-primary"
                  disabled={!page.accepting}
                  onClick={() => onPledge({ reward: null, amount_minor: major * 100 })}
                >
                  Select
                </button>
              </li>
            ))}
      </ul>
    </section>
  );
}
