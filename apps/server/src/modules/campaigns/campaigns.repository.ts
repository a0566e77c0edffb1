import type { TCampaignValues } from '@kindling/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { toPlainText } from '../../platform/security/html.ts';
import { campaignTotalsRow } from './campaign-totals.sql.ts';
import { campaignAmounts, campaignDesignations, campaignQuestions, campaigns } from './campaigns.tables.ts';
import { sanitiseDescription } from './description-html.ts';

/** The campaign row's own columns from the API input (children are written separately). */
export function columnsOf(input: TCampaignValues) {
  return {
    name: input.name,
    campaignUrl: input.campaign_url,
    status: input.status,
    campaignType: input.campaign_type,
    goalMinor: input.goal_minor,
    currency: input.currency,
    currencies: input.currencies,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    description: sanitiseDescription(input.description),
    // Plain text on the donation form and thank-you screen (docs/decisions/023): no markup is kept.
    callToAction: toPlainText(input.call_to_action),
    imageUrl: input.image_url,
    userAmountEnable: input.user_amount_enable,
    includePaymentFees: input.include_payment_fees,
    giftAid: input.gift_aid,
    collectAddress: input.collect_address,
    designationLabel: input.designation_label,
    thankYouMessage: toPlainText(input.thank_you_message),
    thankYouUrl: input.thank_you_url,
    teamFundraising: input.team_fundraising,
    campaignSettings: input.campaign_settings as Record<string, unknown>,
    customCss: input.custom_css,
    parentCampaignId: input.parent_campaign_id,
    // faults15: amount limits (decision 035)
    maxAmountMinor: input.max_amount_minor ?? null,
  };
}

export async function isCampaignUrlTaken(db: Tx, url: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM campaigns WHERE campaign_url = ${url} AND id <> ${exceptId ?? 0} LIMIT 1`,
  );
  return rows.length > 0;
}

type ChildTable = typeof campaignAmounts | typeof campaignQuestions | typeof campaignDesignations;

/**
 * Makes a child list match `items` in order: an item whose id is already one of this campaign's
 * rows updates it (so donations and reports that point at a designation keep pointing at it),
 * any other item is inserted, and rows no longer listed are deleted.
 */
async function syncChildren<V extends Record<string, unknown>>(
  tx: Tx,
  table: ChildTable,
  owner: { npoId: number; campaignId: number },
  items: Array<{ id?: number | undefined; values: V }>,
): Promise<void> {
  const own = and(eq(table.campaignId, owner.campaignId), eq(table.npoId, owner.npoId));
  const existing = new Set((await tx.select({ id: table.id }).from(table).where(own)).map((r) => r.id));
  const kept: number[] = [];
  for (const [position, item] of items.entries()) {
    const values = { ...item.values, position };
    if (item.id !== undefined && existing.has(item.id) && !kept.includes(item.id)) {
      kept.push(item.id);
      await tx
        .update(table)
        .set(values)
        .where(and(own, eq(table.id, item.id)));
    } else {
      const [row] = await tx
        .insert(table)
        .values({ ...owner, ...values } as never)
        .returning({ id: table.id });
      if (row) kept.push(row.id);
    }
  }
  const gone = [...existing].filter((id) => !kept.includes(id));
  if (gone.length > 0) await tx.delete(table).where(and(own, inArray(table.id, gone)));
}

/** Writes presets, questions and designations as given, in one transaction with the campaign. */
export async function replaceChildren(tx: Tx, npoId: number, campaignId: number, input: TCampaignValues) {
  const owner = { npoId, campaignId };
  await syncChildren(
    tx,
    campaignAmounts,
    owner,
    input.amounts.map((a) => ({
      id: a.id,
      values: { amountMinor: a.amount_minor, interval: a.interval, description: a.description, imageUrl: a.image_url },
    })),
  );
  await syncChildren(
    tx,
    campaignQuestions,
    owner,
    input.questions.map((q) => ({
      id: q.id,
      values: {
        content: q.content,
        answerType: q.answer_type,
        options: q.answer_type === 'Text' ? [] : q.options,
        responseRequired: q.response_required,
      },
    })),
  );
  await syncChildren(
    tx,
    campaignDesignations,
    owner,
    input.designations.map((d) => ({ id: d.id, values: { name: d.name, description: d.description } })),
  );
}

export async function findOwnCampaign(db: Tx, npoId: number, id: number) {
  const [row] = await db
    .select({ id: campaigns.id, status: campaigns.status, parentCampaignId: campaigns.parentCampaignId })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.npoId, npoId)));
  return row ?? null;
}

/** Whether the form of this campaign can take a gift: a preset, or a free amount. */
export async function hasAmounts(db: Tx, npoId: number, campaignId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM campaigns c WHERE c.id = ${campaignId} AND c.npo_id = ${npoId}
      AND (c.user_amount_enable OR EXISTS (SELECT 1 FROM campaign_amounts a WHERE a.campaign_id = c.id AND a.npo_id = c.npo_id))`);
  return rows.length > 0;
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export type ListFilter = { npoId: number; search?: string; status?: string; limit: number; offset: number };

/** Top-level campaigns (peer campaigns count within their parent) with their totals net of refunds. */
export async function selectCampaignList(db: Tx, f: ListFilter) {
  const conditions: SQL[] = [sql`c.npo_id = ${f.npoId}`, sql`c.parent_campaign_id IS NULL`];
  if (f.status) conditions.push(sql`c.status = ${f.status}`);
  if (f.search) {
    const q = `%${escapeLike(f.search)}%`;
    conditions.push(sql`(c.name ILIKE ${q} OR c.campaign_url ILIKE ${q})`);
  }
  const where = sql.join(conditions, sql` AND `);
  const [list, count, npo] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      SELECT c.id, c.name, c.campaign_url, c.status, c.campaign_type, c.image_url, c.goal_minor, c.currency,
        c.parent_campaign_id,
        coalesce(t.raised, 0)::bigint AS raised, coalesce(t.donors, 0)::int AS donors,
        coalesce(t.donations, 0)::int AS donations_count,
        (SELECT count(*) FROM campaigns p WHERE p.parent_campaign_id = c.id AND p.npo_id = c.npo_id
          -- p2p16c: a team's own page is not a fundraiser's (docs/decisions/067-team-pages-and-joining-at-sign-up.md).
          AND NOT EXISTS (SELECT 1 FROM peer_pages pp WHERE pp.campaign_id = p.id AND pp.kind = 'team'))::int AS peer_campaigns,
        c.starts_at, c.ends_at, c.created_at
      FROM campaigns c
      LEFT JOIN LATERAL (
        ${campaignTotalsRow(sql`d.campaign_id = c.id AND d.npo_id = c.npo_id`)}) t ON true
      WHERE ${where}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM campaigns c WHERE ${where}`),
    db.execute<{ base_currency: string }>(sql`SELECT base_currency FROM npos WHERE id = ${f.npoId}`),
  ]);
  const baseCurrency = npo.rows[0]?.base_currency ?? 'USD';
  return { rows: list.rows, total: Number(count.rows[0]?.n ?? 0), baseCurrency };
}

/** Donations made to the campaign, or through it when it is a peer campaign; newest first. */
export async function selectCampaignDonations(
  db: Tx,
  npoId: number,
  campaignId: number,
  limit: number,
  offset: number,
) {
  const own = sql`d.npo_id = ${npoId} AND (d.campaign_id = ${campaignId} OR d.peer_campaign_id = ${campaignId})`;
  const [list, count] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      SELECT d.*, d.gift_aid_declared_on::text AS gift_aid_declared_on, dn.first_name, dn.last_name, dn.email,
        c.name AS campaign_name
      FROM donations d JOIN donors dn ON dn.id = d.donor_id AND dn.npo_id = d.npo_id
      LEFT JOIN campaigns c ON c.id = d.campaign_id AND c.npo_id = d.npo_id
      WHERE ${own} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit} OFFSET ${offset}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM donations d WHERE ${own}`),
  ]);
  return { rows: list.rows, total: Number(count.rows[0]?.n ?? 0) };
}
