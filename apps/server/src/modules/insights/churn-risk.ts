// The churn model's scores for the insights assistant (docs/product/insights.md#assistant): the
// same model the churn insights use, trained on the organisation's history, with its quality.
import type { TChurnModelQuality } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { churnModel, modelQuality } from './churn-insights.ts';

export type ChurnRiskDonor = {
  donorId: number;
  name: string;
  risk: number;
  recencyDays: number;
  gifts365: number;
  failed365: number;
  recurring: boolean;
};

export async function churnRisk(
  db: Db,
  org: { npoId: number; currency: string; locale: string },
  now = new Date(),
): Promise<{ quality: TChurnModelQuality; donors: ChurnRiskDonor[] }> {
  const { scorer, scored } = await churnModel({ db, ...org, days: 30, now });
  return {
    quality: modelQuality(scorer),
    donors: scored
      .sort((a, b) => b.risk - a.risk)
      .map((d) => ({
        donorId: d.donor_id,
        name: d.name || `Donor ${d.donor_id}`,
        risk: Math.round(d.risk),
        recencyDays: Math.round(d.recency),
        gifts365: d.gifts365,
        failed365: d.failed365,
        recurring: d.plan_id != null,
      })),
  };
}
