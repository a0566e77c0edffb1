// A campaign's preset amounts written by another screen than the campaign editor: the memberships
// tiers editor shows each tier as the form's preset choice (docs/decisions/049-memberships.md).
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaignAmounts } from './campaigns.tables.ts';

export type PresetAmount = { amountMinor: number; interval: 'once' | 'monthly' | 'yearly'; description: string };

/** Replaces the campaign's presets as a whole, in the order given. */
export async function replacePresetAmounts(tx: Tx, npoId: number, campaignId: number, presets: PresetAmount[]) {
  await tx.delete(campaignAmounts).where(eq(campaignAmounts.campaignId, campaignId));
  if (presets.length === 0) return;
  await tx.insert(campaignAmounts).values(presets.map((p, position) => ({ npoId, campaignId, position, ...p })));
}
