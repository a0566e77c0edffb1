import { Script } from 'node:vm';
import { ORGANISATION_SETTINGS_CODES, type TCustomJsInput } from '@kindling/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { audit, CAMPAIGN_NOT_FOUND, loadDetail } from './campaigns.service.ts';
import { campaigns } from './campaigns.tables.ts';

/** Who may set a campaign's script: the organisation's admins, never finance or staff (decision 036). */
export const CUSTOM_JS_ROLES = ORGANISATION_SETTINGS_CODES;

/**
 * Whether the script parses; it is compiled, never run, here. A script that cannot parse would
 * only throw on every donor's page.
 */
export function customJsProblem(js: string): string | null {
  if (js.trim() === '') return null;
  try {
    new Script(js, { filename: 'custom.js' });
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `The script does not parse: ${reason}.`;
  }
}

/** Saves a campaign's script and audits the change with the text before and after. */
export async function saveCustomJs(
  db: Db,
  config: Config,
  actor: Pick<OrganisationSession, 'selectedNpoId' | 'user'>,
  id: number,
  input: TCustomJsInput,
  ip: string | null,
) {
  const where = and(eq(campaigns.id, id), eq(campaigns.npoId, actor.selectedNpoId));
  const [existing] = await db
    .select({ customJs: campaigns.customJs, parentCampaignId: campaigns.parentCampaignId })
    .from(campaigns)
    .where(where);
  if (!existing) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  if (existing.parentCampaignId !== null) {
    const message = 'A fundraiser page runs the script of the campaign it raises for.';
    throw new AppError('UNPROCESSABLE', message, { custom_js: message });
  }
  const problem = customJsProblem(input.custom_js);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { custom_js: problem });
  return db.transaction(async (tx) => {
    await tx.update(campaigns).set({ customJs: input.custom_js, updatedAt: new Date() }).where(where);
    const change = { before: existing.customJs, after: input.custom_js };
    await audit(tx, actor, 'campaign.custom_js_changed', id, change, ip);
    return loadDetail(tx, config, actor.selectedNpoId, id);
  });
}
