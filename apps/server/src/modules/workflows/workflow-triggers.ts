// What starts a workflow (docs/product/crm-workflow-automation.md#triggers, decision 093): events of
// the platform's outbox, the same stream outbound webhooks relay, read after the change committed,
// so the gift path does no work for workflows; date and segment triggers come from a periodic sweep.
import type { TWorkflowCondition, TWorkflowTrigger, TWorkflowTriggerKind } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** One outbox row as the relay reads it. */
export type OutboxEvent = {
  id: number;
  publicId: string;
  npoId: number;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
};

/** What an event says about a contact: who, which trigger kinds it can start, and the gift's size. */
export type EventFacts = {
  donorId: number;
  kinds: TWorkflowTriggerKind[];
  amountMinor: number | null;
  currency: string | null;
  /** The campaign whose donation form was submitted, for `form_submitted`. */
  campaignId?: number | null;
};

export const EVENT_TYPES_READ = [
  'donation.succeeded',
  'plan.created',
  'plan.updated',
  'plan.cancelled',
  'membership.changed',
  'ticket.bought',
] as const;

const num = (v: unknown): number | null => (v == null || v === '' ? null : Number(v));

/**
 * Whether the gift is the donor's first, and whether it came through the public donation form: not
 * entered by staff or imported (`created_by_user_id`, a provider reference) and not a later charge of
 * a plan the form started (decision 098).
 */
async function giftFacts(db: Db, donorId: number, donationId: number) {
  const { rows } = await db.execute<{ earlier: boolean; through_form: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM donations e WHERE e.donor_id = ${donorId} AND e.status = 'succeeded'
        AND e.id <> d.id AND e.created_at <= d.created_at) AS earlier,
      (d.created_by_user_id IS NULL AND d.provider_reference IS NOT NULL
        AND coalesce(d.provider, '') NOT IN ('import', 'offline') AND NOT EXISTS (
        SELECT 1 FROM donations p WHERE d.recurring_plan_id IS NOT NULL AND p.recurring_plan_id = d.recurring_plan_id
          AND p.id < d.id)) AS through_form
    FROM donations d WHERE d.id = ${donationId}`);
  return { first: rows[0]?.earlier === false, throughForm: rows[0]?.through_form === true };
}

async function donorOfMembership(db: Db, membershipId: number): Promise<number | null> {
  const { rows } = await db.execute<{ donor_id: string | null }>(
    sql`SELECT donor_id FROM supporter_memberships WHERE id = ${membershipId}`,
  );
  return num(rows[0]?.donor_id);
}

async function donorOfOrder(db: Db, npoId: number, reference: string): Promise<number | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT d.id FROM event_orders o JOIN donors d ON d.npo_id = o.npo_id AND lower(d.email) = lower(o.buyer_email)
    WHERE o.npo_id = ${npoId} AND o.reference = ${reference} AND o.buyer_email <> '' LIMIT 1`);
  return num(rows[0]?.id);
}

/** The facts of one event, or null when it can start no workflow (no contact, or a change no trigger names). */
export async function factsOf(db: Db, event: OutboxEvent): Promise<EventFacts | null> {
  const d = event.data;
  const amount = { amountMinor: num(d.amount_minor ?? d.total_minor), currency: (d.currency as string) ?? null };
  switch (event.type) {
    case 'donation.succeeded': {
      const donorId = num(d.donor_id);
      if (!donorId) return null;
      const kinds: TWorkflowTriggerKind[] = ['any_gift', 'gift_above'];
      const gift = await giftFacts(db, donorId, Number(d.donation_id));
      if (gift.first) kinds.push('first_gift');
      if (gift.throughForm) kinds.push('form_submitted');
      return { donorId, kinds, ...amount, campaignId: num(d.campaign_id) };
    }
    case 'plan.created':
    case 'plan.cancelled':
    case 'plan.updated': {
      const donorId = num(d.donor_id);
      const kind =
        event.type === 'plan.created'
          ? 'plan_started'
          : event.type === 'plan.cancelled'
            ? 'plan_cancelled'
            : d.change === 'charge_failed'
              ? 'plan_failed'
              : null;
      return donorId && kind ? { donorId, kinds: [kind], ...amount } : null;
    }
    case 'membership.changed': {
      if (d.status !== 'in_grace') return null;
      const donorId = num(d.donor_id) ?? (await donorOfMembership(db, Number(d.membership_id)));
      return donorId ? { donorId, kinds: ['membership_lapsing'], amountMinor: null, currency: null } : null;
    }
    case 'ticket.bought': {
      const donorId = await donorOfOrder(db, event.npoId, String(d.order_reference ?? ''));
      return donorId ? { donorId, kinds: ['ticket_bought'], ...amount } : null;
    }
    default:
      return null;
  }
}

/** True when the trigger is one of the kinds the event can start, and its own settings hold. */
export function triggerMatches(trigger: TWorkflowTrigger, facts: EventFacts): boolean {
  if (!facts.kinds.includes(trigger.kind)) return false;
  if (trigger.kind === 'gift_above') {
    return facts.currency === trigger.currency && (facts.amountMinor ?? 0) >= trigger.amount_minor;
  }
  if (trigger.kind === 'form_submitted') return trigger.campaign_id == null || trigger.campaign_id === facts.campaignId;
  return true;
}

/** Every condition holds for this contact (tags read now) and this gift. */
export function conditionsHold(
  conditions: TWorkflowCondition[],
  tags: readonly string[],
  amountMinor: number | null,
): boolean {
  const lower = tags.map((t) => t.toLowerCase());
  return conditions.every((c) => {
    switch (c.kind) {
      case 'has_tag':
        return lower.includes(c.tag.toLowerCase());
      case 'lacks_tag':
        return !lower.includes(c.tag.toLowerCase());
      case 'gift_at_least':
        return amountMinor != null && amountMinor >= c.amount_minor;
      case 'gift_below':
        return amountMinor != null && amountMinor < c.amount_minor;
      default:
        return false;
    }
  });
}

export async function tagsOf(db: Db, donorIds: number[]): Promise<Map<number, string[]>> {
  if (donorIds.length === 0) return new Map();
  const { rows } = await db.execute<{ donor_id: string; tags: string[] }>(
    sql`SELECT donor_id, tags FROM contact_details WHERE donor_id = ANY(${`{${donorIds.join(',')}}`}::bigint[])`,
  );
  return new Map(rows.map((r) => [Number(r.donor_id), r.tags]));
}

/** The sweep kinds: which contacts a date or list trigger reaches now, each with its occurrence key. */
export const SWEEP_KINDS: TWorkflowTriggerKind[] = [
  'segment_added',
  'birthday',
  'first_gift_anniversary',
  'no_gift_for_days',
];

export type SweepMatch = { donorId: number; key: string; at: Date };

/**
 * The contacts a sweep trigger reaches within `windowDays` before now (1 for the live sweep, 30 for a
 * dry run); each key names the occurrence, so a contact is reached once per birthday, anniversary,
 * addition to the list or lapse.
 */
export async function sweepMatches(
  db: Db,
  npoId: number,
  trigger: TWorkflowTrigger,
  windowDays: number,
  since: Date | null,
): Promise<SweepMatch[]> {
  const sinceSql = sql`${(since ?? new Date(0)).toISOString()}::timestamptz`;
  const from = sql`greatest(now() - make_interval(days => ${windowDays}), ${sinceSql})`;
  // A birthday or anniversary is a day: one made today still reaches today's contacts.
  const fromDay = sql`greatest(now() - make_interval(days => ${windowDays}), date_trunc('day', ${sinceSql}))`;
  let query: ReturnType<typeof sql>;
  switch (trigger.kind) {
    case 'segment_added':
      // A list's hand-picked members, or a rule-based segment's as the sweep last found them (a
      // baseline member has no `added_at` and starts nothing; decision 098).
      query = sql`SELECT m.donor_id, 'list-' || m.segment_id || '-' || extract(epoch FROM m.added_at)::bigint AS key, m.added_at AS at
        FROM (SELECT segment_id, donor_id, added_at FROM segment_members
          UNION ALL SELECT segment_id, donor_id, added_at FROM workflow_segment_members) m
        JOIN segments s ON s.id = m.segment_id
        WHERE s.npo_id = ${npoId} AND m.segment_id = ${trigger.segment_id} AND m.added_at >= ${from}`;
      break;
    case 'birthday':
      query = sql`SELECT cd.donor_id, 'birthday-' || extract(year FROM x.day)::int AS key, x.day::timestamptz AS at
        FROM contact_details cd
        CROSS JOIN LATERAL (SELECT make_date(extract(year FROM now())::int, extract(month FROM cd.date_of_birth)::int,
          CASE WHEN to_char(cd.date_of_birth, 'MM-DD') = '02-29' THEN 28 ELSE extract(day FROM cd.date_of_birth)::int END) AS day) x
        WHERE cd.npo_id = ${npoId} AND cd.date_of_birth IS NOT NULL AND x.day::timestamptz BETWEEN ${fromDay} AND now()`;
      break;
    case 'first_gift_anniversary':
      query = sql`SELECT f.donor_id, 'first-gift-' || extract(year FROM now())::int AS key,
          (f.first_at + make_interval(years => (extract(year FROM now()) - extract(year FROM f.first_at))::int)) AS at
        FROM (SELECT donor_id, min(created_at) AS first_at FROM donations
          WHERE npo_id = ${npoId} AND status = 'succeeded' GROUP BY donor_id) f
        WHERE extract(year FROM f.first_at) < extract(year FROM now())
          AND f.first_at + make_interval(years => (extract(year FROM now()) - extract(year FROM f.first_at))::int) BETWEEN ${fromDay} AND now()`;
      break;
    case 'no_gift_for_days':
      query = sql`SELECT l.donor_id, 'lapsed-' || l.last_id AS key, l.last_at + make_interval(days => ${trigger.days}) AS at
        FROM (SELECT donor_id, max(created_at) AS last_at, max(id) AS last_id FROM donations
          WHERE npo_id = ${npoId} AND status = 'succeeded' GROUP BY donor_id) l
        WHERE l.last_at + make_interval(days => ${trigger.days}) BETWEEN ${from} AND now()`;
      break;
    default:
      return [];
  }
  const { rows } = await db.execute<{ donor_id: string; key: string; at: string | Date }>(query);
  return rows.map((r) => ({ donorId: Number(r.donor_id), key: r.key, at: new Date(r.at) }));
}
