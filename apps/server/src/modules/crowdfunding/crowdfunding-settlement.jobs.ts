// The settlement's clock (docs/decisions/065-all-or-nothing-settlement.md): each instance's ticker sends one
// sweep job per time slot (platform/jobs/periodic.ts); the sweep is safe to run twice at once.
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import { type SettlementDeps, settleDueCampaigns } from './crowdfunding-settlement.service.ts';

export const settlementQueue = defineQueue<{ slot: string }>('crowdfunding.settle', {
  retryLimit: 5,
  retryDelaySeconds: 120,
  expireInSeconds: 900,
});

export function registerSettlement(
  jobs: Jobs,
  deps: SettlementDeps & { seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  jobs.register(settlementQueue, async () => {
    await settleDueCampaigns(deps);
  });
  return periodicClock(jobs, settlementQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
