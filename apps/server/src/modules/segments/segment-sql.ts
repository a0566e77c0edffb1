// Compiles a segment's rules into one parameterised query of the matching contacts' ids
// (docs/decisions/042-segments-compile-to-one-query.md). Every value reaches PostgreSQL as a bind
// parameter through drizzle's sql template; only fixed column names and keywords are raw.
// Giving rules read donor_giving (kept by the donors module's triggers); the few that need single
// gifts (a period, the largest gift, a campaign or designation) read them once as an array of ids.
import {
  isSegmentRule,
  SEGMENT_MESSAGES,
  type TSegmentGroup,
  type TSegmentItem,
  type TSegmentRule,
} from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { addDays, midnightIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type ContactFieldRow, checkCustomFields } from '../contacts/index.ts';
import { containsPattern, retentionWhere } from '../donors/index.ts';

/** What compiling needs besides the rules: the organisation, its calendar and its custom fields. */
export type SegmentContext = {
  npoId: number;
  now: Date;
  zone: string;
  retention: { currentStart: Date; previousStart: Date };
  fields: ContactFieldRow[];
  /**
   * How a giving-in-a-period rule reads gifts: 'hash' sums the period's gifts of every donor once
   * (the default), 'probe' sums each remaining contact's own gifts after the other rules have
   * narrowed them, and 'estimate' takes it as true, to count those contacts (see periodShapeFor).
   */
  period?: 'hash' | 'probe' | 'estimate';
};

const DAY_MS = 86_400_000;
const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', message, { [path]: message });

/** Donor `dn`'s text columns and contact_details `cd`'s, as the rule names them. */
const TEXT_COLUMNS = {
  name: sql`lower(dn.first_name || ' ' || dn.last_name)`,
  email: sql`lower(dn.email)`,
  city: sql`lower(dn.city)`,
  postal_code: sql`lower(dn.postal_code)`,
  country: sql`lower(dn.country)`,
  employer: sql`lower(coalesce(cd.employer, ''))`,
  source: sql`lower(coalesce(cd.source, ''))`,
} as const;

/**
 * The ids of donors with a succeeded gift matching `where`. Segments test every contact of the
 * organisation, so these are semi-joins PostgreSQL hashes once; an array probed per row (as the
 * donors list does for its page of 25) costs its length for each of 200,000 rows (decision 042).
 */
const gaveIds = (npoId: number, where: SQL) =>
  sql`SELECT d.donor_id FROM donations d WHERE d.npo_id = ${npoId} AND d.status = 'succeeded' AND ${where}`;
const inIds = (ids: SQL) => sql`g.donor_id IN (${ids})`;
const notInIds = (ids: SQL) => sql`NOT EXISTS (SELECT 1 FROM (${ids}) x WHERE x.donor_id = g.donor_id)`;
const cmp = (op: 'at_least' | 'at_most') => sql.raw(op === 'at_least' ? '>=' : '<=');

function customFieldWhere(rule: Extract<TSegmentRule, { field: 'custom_field' }>, ctx: SegmentContext, path: string) {
  const def = ctx.fields.find((f) => f.id === rule.field_id);
  if (!def) throw invalid(`${path}.field_id`, SEGMENT_MESSAGES.fieldNotFound);
  const key = String(def.id);
  if (rule.operator === 'is_set') return sql`(cd.custom_fields ->> ${key}) IS NOT NULL`;
  if (rule.operator === 'is_not_set') return sql`(cd.custom_fields ->> ${key}) IS NULL`;
  const allowed: Record<string, string[]> = {
    text: ['is', 'is_not', 'contains'],
    number: ['is', 'is_not', 'at_least', 'at_most'],
    date: ['is', 'is_not', 'at_least', 'at_most'],
    choice: ['is', 'is_not'],
    yes_no: ['is', 'is_not'],
  };
  if (!allowed[def.field_type]?.includes(rule.operator))
    throw invalid(`${path}.operator`, SEGMENT_MESSAGES.fieldOperator);
  // The value is typed as the record form types it, so 'is' compares like with like.
  const { values, errors } = checkCustomFields([def], { [key]: rule.value });
  if (Object.keys(errors).length > 0 || values[key] === undefined)
    throw invalid(`${path}.value`, Object.values(errors)[0] ?? SEGMENT_MESSAGES.value);
  const value = values[key];
  const has = sql`cd.custom_fields @> ${JSON.stringify({ [key]: value })}::jsonb`;
  switch (rule.operator) {
    case 'is':
      return has;
    case 'is_not':
      return sql`NOT coalesce(${has}, false)`;
    case 'contains':
      return sql`lower(cd.custom_fields ->> ${key}) LIKE ${containsPattern(String(value))}`;
    default:
      // Numbers compare as numbers, days (YYYY-MM-DD) as text, which orders them the same way.
      return def.field_type === 'number'
        ? sql`CASE WHEN jsonb_typeof(cd.custom_fields -> ${key}) = 'number'
            THEN (cd.custom_fields ->> ${key})::numeric ${cmp(rule.operator)} ${value} END`
        : sql`(cd.custom_fields ->> ${key}) ${cmp(rule.operator)} ${String(value)}`;
  }
}

function giftDateWhere(rule: Extract<TSegmentRule, { field: 'gift_date' }>, ctx: SegmentContext): SQL {
  const column = sql.raw(rule.name === 'first_gift' ? 'g.first_gift_at' : 'g.last_gift_at');
  const at =
    typeof rule.value === 'string'
      ? midnightIn(rule.value, ctx.zone)
      : new Date(ctx.now.getTime() - rule.value * DAY_MS);
  const bound = at.toISOString();
  // 'before' and 'more than N days ago' need a gift: a contact who never gave has no date to compare.
  return rule.operator === 'before' || rule.operator === 'not_in_last_days'
    ? sql`${column} < ${bound}`
    : sql`${column} >= ${bound}`;
}

/**
 * Giving in a period, summed per donor. Hashed, it reads every gift of the period (400,000 in the
 * benchmark's year) whatever the other rules; probed, each contact the cheaper rules leave reads its
 * own gifts from donations_donor_created_idx, so 10,000 contacts cost 10,000 short index reads. The
 * planner evaluates a costly condition after the cheap ones of the same row, which is what lets the
 * probe run only for the contacts that are left (docs/decisions/068-segment-period-rule-shape.md).
 */
function givingInPeriodWhere(rule: Extract<TSegmentRule, { field: 'giving_in_period' }>, ctx: SegmentContext): SQL {
  if (ctx.period === 'estimate') return sql`TRUE`;
  const from = midnightIn(rule.from, ctx.zone).toISOString();
  const to = midnightIn(addDays(rule.to, 1), ctx.zone).toISOString();
  const measure = sql.raw(rule.measure === 'total' ? 'sum(d.base_amount_minor)' : 'count(*)');
  if (ctx.period === 'probe') {
    // Only a contact with a gift between its first and last gift dates can have one in the period.
    const gavePeriod = sql`g.last_gift_at >= ${from} AND g.first_gift_at < ${to}`;
    const sum = sql`(SELECT ${measure} FROM donations d WHERE d.donor_id = g.donor_id AND d.npo_id = ${ctx.npoId}
      AND d.status = 'succeeded' AND d.created_at >= ${from} AND d.created_at < ${to})`;
    if (rule.operator === 'at_least')
      return rule.value === 0 ? sql`TRUE` : sql`${gavePeriod} AND ${sum} >= ${rule.value}`;
    return sql`NOT coalesce(${gavePeriod} AND ${sum} > ${rule.value}, false)`;
  }
  // Summed in (donor, date) order: the ORDER BY inside the aggregate rules out hashing, so the gifts
  // stream from donations_donor_created_idx (or a short period's are sorted) into one sum per donor.
  // Hashed, a year's 160,000 donors spilled to disk, once per parallel worker (decision 097).
  const ordered = sql.raw(
    rule.measure === 'total'
      ? 'sum(d.base_amount_minor ORDER BY d.created_at)'
      : 'count(d.created_at ORDER BY d.created_at)',
  );
  const group = (op: string) =>
    sql`SELECT d.donor_id FROM donations d WHERE d.npo_id = ${ctx.npoId} AND d.status = 'succeeded'
      AND d.created_at >= ${from} AND d.created_at < ${to} GROUP BY d.donor_id HAVING ${ordered} ${sql.raw(op)} ${rule.value}`;
  if (rule.operator === 'at_least') return rule.value === 0 ? sql`TRUE` : inIds(group('>='));
  // At most N: everyone except those above it, so contacts who gave nothing in the period (0) are in.
  return notInIds(group('>'));
}

/** The donors list's recurring status (an active plan wins over a past-due one), as semi-joins. */
function recurringWhere(npoId: number, status: 'active' | 'past_due' | 'none'): SQL {
  const plans = (statuses: string[]) =>
    sql`SELECT p.donor_id FROM recurring_plans p WHERE p.npo_id = ${npoId} AND p.status IN (${sql.join(
      statuses.map((x) => sql`${x}`),
      sql`, `,
    )})`;
  if (status === 'active') return inIds(plans(['active']));
  if (status === 'past_due') return sql`${inIds(plans(['past_due']))} AND ${notInIds(plans(['active']))}`;
  return notInIds(plans(['active', 'past_due']));
}

// crm20: RFM, membership and event attendance rules.
/**
 * Contacts whose RFM score compares to `value`. Each of recency (last gift), frequency (gift count)
 * and monetary value (lifetime total) scores ceil(5 × cume_dist) among the organisation's contacts
 * who have given: the top fifth 5, the bottom fifth 1, and ties share a score.
 */
const rfmIds = (npoId: number, op: 'at_least' | 'at_most', value: number) =>
  sql`SELECT r.donor_id FROM (SELECT t.donor_id,
      ceil(5 * cume_dist() OVER (ORDER BY t.last_gift_at)) + ceil(5 * cume_dist() OVER (ORDER BY t.gift_count))
        + ceil(5 * cume_dist() OVER (ORDER BY t.lifetime_base_minor)) AS score
    FROM donor_giving t WHERE t.npo_id = ${npoId} AND t.gift_count > 0) r WHERE r.score ${cmp(op)} ${value}`;

/** Holders of an active membership (grace included: still a member until it lapses), of one tier or any. */
const membershipIds = (npoId: number, tierId: number | null) =>
  sql`SELECT m.donor_id FROM supporter_memberships m WHERE m.npo_id = ${npoId} AND m.status IN ('active', 'in_grace')
    AND m.donor_id IS NOT NULL ${tierId === null ? sql`` : sql`AND m.tier_id = ${tierId}`}`;

/** Buyers of a paid ticket order, of one event or any: orders name an e-mail, the contact is the donor with it. */
const ticketBuyerIds = (npoId: number, eventId: number | null) =>
  sql`SELECT dn.id AS donor_id FROM event_orders o
    JOIN donors dn ON dn.npo_id = o.npo_id AND lower(dn.email) = lower(o.buyer_email) AND dn.email <> ''
    WHERE o.npo_id = ${npoId} AND o.status = 'paid' ${eventId === null ? sql`` : sql`AND o.event_id = ${eventId}`}`;

/** The SQL condition of one rule over donor_giving `g`, donors `dn` and contact_details `cd`. */
function ruleWhere(rule: TSegmentRule, ctx: SegmentContext, path: string): SQL {
  const { npoId } = ctx;
  switch (rule.field) {
    case 'contact_type':
      return sql`coalesce(cd.contact_type, 'individual') ${sql.raw(rule.operator === 'is' ? '=' : '<>')} ${rule.value}`;
    case 'tag': {
      const has = sql`cd.tags @> ARRAY[${rule.value}]::text[]`;
      return rule.operator === 'has' ? has : sql`NOT coalesce(${has}, false)`;
    }
    case 'household':
      return sql.raw(rule.operator === 'is_set' ? 'cd.household_id IS NOT NULL' : 'cd.household_id IS NULL');
    case 'owner':
      return rule.operator === 'is' ? sql`cd.owner_user_id = ${rule.value}` : sql`cd.owner_user_id IS NULL`;
    case 'text': {
      const column = TEXT_COLUMNS[rule.name];
      if (rule.operator === 'is_empty') return sql`${column} = ''`;
      return rule.operator === 'is'
        ? sql`${column} = ${rule.value.toLowerCase()}`
        : sql`${column} LIKE ${containsPattern(rule.value)}`;
    }
    case 'custom_field':
      return customFieldWhere(rule, ctx, path);
    case 'amount': {
      if (rule.name === 'lifetime_total') return sql`g.lifetime_base_minor ${cmp(rule.operator)} ${rule.value}`;
      // Largest gift at least X: some gift of X or more; at most X: has given, and no gift above X.
      return rule.operator === 'at_least'
        ? inIds(gaveIds(npoId, sql`d.base_amount_minor >= ${rule.value}`))
        : sql`g.gift_count > 0 AND ${notInIds(gaveIds(npoId, sql`d.base_amount_minor > ${rule.value}`))}`;
    }
    case 'gift_count':
      return sql`g.gift_count ${cmp(rule.operator)} ${rule.value}`;
    case 'gift_date':
      return giftDateWhere(rule, ctx);
    case 'giving_in_period':
      return givingInPeriodWhere(rule, ctx);
    case 'recurring':
      return recurringWhere(npoId, rule.value);
    case 'campaign': {
      const ids = gaveIds(npoId, sql`d.campaign_id = ${rule.value}`);
      return rule.operator === 'gave_to' ? inIds(ids) : notInIds(ids);
    }
    case 'designation': {
      const ids = gaveIds(npoId, sql`d.designation_id = ${rule.value}`);
      return rule.operator === 'gave_to' ? inIds(ids) : notInIds(ids);
    }
    case 'top_lifetime':
      // Read from donor_giving_npo_total_idx in its order; the ties rule is the donors list's.
      return inIds(sql`SELECT t.donor_id FROM donor_giving t WHERE t.npo_id = ${npoId} AND t.gift_count > 0
        ORDER BY t.lifetime_base_minor DESC, t.donor_id DESC LIMIT ${rule.value}`);
    case 'retention':
      return retentionWhere({ kind: rule.value, ...ctx.retention });
    // crm20: RFM score, membership and event attendance.
    case 'rfm':
      return inIds(rfmIds(npoId, rule.operator, rule.value));
    case 'membership': {
      const ids = membershipIds(npoId, rule.value);
      return rule.operator === 'is_member' ? inIds(ids) : notInIds(ids);
    }
    case 'event': {
      const ids = ticketBuyerIds(npoId, rule.value);
      return rule.operator === 'bought_for' ? inIds(ids) : notInIds(ids);
    }
  }
}

function groupWhere(group: { match: 'all' | 'any'; rules: TSegmentItem[] }, ctx: SegmentContext, path: string): SQL {
  if (group.rules.length === 0) return sql`TRUE`;
  const parts = group.rules.map((item, i) =>
    isSegmentRule(item)
      ? sql`(${ruleWhere(item, ctx, `${path}.${i}`)})`
      : sql`(${groupWhere(item, ctx, `${path}.${i}.rules`)})`,
  );
  return sql.join(parts, sql.raw(group.match === 'all' ? ' AND ' : ' OR '));
}

export const rulesOf = (group: { rules: TSegmentItem[] }): TSegmentRule[] =>
  group.rules.flatMap((item) => (isSegmentRule(item) ? [item] : rulesOf(item)));
const DONOR_FIELDS = new Set(['text']);
const DETAIL_FIELDS = new Set(['contact_type', 'tag', 'household', 'owner', 'custom_field']);

/**
 * SELECT of the ids of the organisation's contacts matching the rules. Donors and contact_details
 * are joined only when a rule reads them, so a giving-only segment reads donor_giving alone.
 */
export function compileSegment(group: TSegmentGroup, ctx: SegmentContext): SQL {
  const rules = rulesOf(group);
  const needsDonor = rules.some(
    (r) => DONOR_FIELDS.has(r.field) && !(r.field === 'text' && (r.name === 'employer' || r.name === 'source')),
  );
  const needsDetails = rules.some(
    (r) => DETAIL_FIELDS.has(r.field) || (r.field === 'text' && (r.name === 'employer' || r.name === 'source')),
  );
  return sql`SELECT g.donor_id FROM donor_giving g
    ${needsDonor ? sql`JOIN donors dn ON dn.id = g.donor_id AND dn.npo_id = ${ctx.npoId}` : sql``}
    ${needsDetails ? sql`LEFT JOIN contact_details cd ON cd.donor_id = g.donor_id` : sql``}
    WHERE g.npo_id = ${ctx.npoId} AND (${groupWhere(group, ctx, 'rules.rules')})`;
}

/** The members of a static list, as the same SELECT of ids. */
export const staticMembersSql = (segmentId: number, npoId: number) =>
  sql`SELECT m.donor_id FROM segment_members m JOIN donor_giving g ON g.donor_id = m.donor_id
    WHERE m.segment_id = ${segmentId} AND g.npo_id = ${npoId}`;
