// Velocity limits against card testing (docs/decisions/025-card-testing.md). Only declines are
// counted (in rate_limits, shared by every instance); a successful gift costs nothing here. A
// limit crossed opens a burst that gates new intents of the address (or campaign) behind a
// proof-of-work; the intent call checks the gates with one indexed read.
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { createFailureLimiter, type FailureLimiter } from '../../platform/security/rate-limiter.ts';
import { sha256Hex } from '../../platform/security/tokens.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { findNpo } from '../organisations/index.ts';
import { type CardTestingScope, cardTestingBursts, cardTestingCountedEvents } from './card-testing.tables.ts';

/** One declined card payment, as the provider's payment.failed event reports it. */
export type Decline = {
  /** The provider and its event id, e.g. `stripe:evt_…`: a redelivered event counts once. */
  eventKey: string;
  npoId: number;
  campaignId: number | null;
  /** The donor's client address, kept in the intent's metadata when it was created. */
  clientAddress: string | null;
  cardFingerprint: string | null;
  cardLast4: string | null;
};

/** Digests name addresses and cards in our tables; the address itself is shown to staff only. */
export const addressGate = (npoId: number, address: string) => sha256Hex(`address:${npoId}:${address}`);
export const campaignGate = (campaignId: number) => sha256Hex(`campaign:${campaignId}`);
const cardSubject = (npoId: number, fingerprint: string) => sha256Hex(`card:${npoId}:${fingerprint}`);

type Counted = { scope: CardTestingScope; key: string; subject: string; gate: string | null; source: string };

export type CardTesting = {
  /** Whether a new intent from this address on this campaign needs a solved challenge. */
  challengeNeeded: (input: { npoId: number; campaignId: number; clientAddress: string }) => Promise<boolean>;
  recordDecline: (decline: Decline) => Promise<void>;
};

export function createCardTesting(db: Db, config: Config): CardTesting {
  const limiter = (scope: CardTestingScope, limit: number, minutes: number) =>
    createFailureLimiter(db, { name: `card-testing-${scope}`, limit, windowSeconds: minutes * 60, message: '' });
  const limits: Record<CardTestingScope, { counter: FailureLimiter; limit: number }> = {
    address: {
      counter: limiter('address', config.CARD_TESTING_ADDRESS_DECLINES, config.CARD_TESTING_ADDRESS_WINDOW_MINUTES),
      limit: config.CARD_TESTING_ADDRESS_DECLINES,
    },
    card: {
      counter: limiter('card', config.CARD_TESTING_CARD_DECLINES, config.CARD_TESTING_CARD_WINDOW_MINUTES),
      limit: config.CARD_TESTING_CARD_DECLINES,
    },
    campaign: {
      counter: limiter('campaign', config.CARD_TESTING_CAMPAIGN_DECLINES, config.CARD_TESTING_CAMPAIGN_WINDOW_MINUTES),
      limit: config.CARD_TESTING_CAMPAIGN_DECLINES,
    },
  };
  const challengeMinutes = config.CARD_TESTING_CHALLENGE_MINUTES;

  return {
    challengeNeeded: async ({ npoId, campaignId, clientAddress }) => {
      const gates = [addressGate(npoId, clientAddress), campaignGate(campaignId)];
      const open = await db
        .select({ id: cardTestingBursts.id })
        .from(cardTestingBursts)
        .where(and(inArray(cardTestingBursts.gateDigest, gates), gt(cardTestingBursts.challengeUntil, sql`now()`)))
        .limit(1);
      return open.length > 0;
    },
    recordDecline: async (decline) => {
      if (!(await firstDelivery(db, decline.eventKey))) return;
      const counts = await Promise.all(
        countedOf(decline).map(async (counted) => ({
          counted,
          limit: limits[counted.scope].limit,
          ...(await limits[counted.scope].counter.recordFailure(counted.key)),
        })),
      );
      // One decline over two limits (its address and its card) moves one burst once.
      const bursts = new Map<string, (typeof counts)[number]>();
      for (const c of counts)
        if (c.failures >= c.limit && !bursts.has(c.counted.subject)) bursts.set(c.counted.subject, c);
      for (const { counted, failures, windowStartedAt } of bursts.values()) {
        await markBurst(db, decline, counted, { failures, windowStartedAt, challengeMinutes });
      }
    },
  };
}

/** Stripe retries an event for up to three days; a redelivery within that time is recognised. */
const REDELIVERY_DAYS = 3;

/**
 * Claims the event for counting; false when it was counted already. A redelivery arriving while
 * the first is still being claimed waits for it, so concurrent deliveries count once too.
 */
async function firstDelivery(db: Db, eventKey: string): Promise<boolean> {
  const claimed = await db
    .insert(cardTestingCountedEvents)
    .values({
      digest: sha256Hex(`event:${eventKey}`),
      expiresAt: sql`now() + make_interval(days => ${REDELIVERY_DAYS})`,
    })
    .onConflictDoNothing()
    .returning({ digest: cardTestingCountedEvents.digest });
  if (claimed.length === 0) return false;
  await db.delete(cardTestingCountedEvents).where(lt(cardTestingCountedEvents.expiresAt, sql`now()`));
  return true;
}

/**
 * The counters one decline moves: its address, its card and its campaign, when known. A burst is
 * about what it gates: the address (whether its own declines or one card's crossed a limit), or
 * the campaign; a card seen without an address is a burst of its own that gates nothing.
 */
function countedOf(d: Decline): Counted[] {
  const gate = d.clientAddress ? addressGate(d.npoId, d.clientAddress) : null;
  const counted: Counted[] = [];
  if (d.clientAddress && gate) {
    counted.push({
      scope: 'address',
      key: `${d.npoId}:${d.clientAddress}`,
      subject: gate,
      gate,
      source: d.clientAddress,
    });
  }
  if (d.cardFingerprint) {
    const card = d.cardLast4 ? `one card ending ${d.cardLast4}` : 'one card';
    counted.push({
      scope: 'card',
      key: `${d.npoId}:${d.cardFingerprint}`,
      subject: gate ?? cardSubject(d.npoId, d.cardFingerprint),
      gate,
      source: d.clientAddress ?? card,
    });
  }
  if (d.campaignId) {
    const campaign = campaignGate(d.campaignId);
    counted.push({
      scope: 'campaign',
      key: String(d.campaignId),
      subject: campaign,
      gate: campaign,
      source: 'many addresses',
    });
  }
  return counted;
}

/**
 * Opens a burst for the subject, or extends the one still on (one more decline, the challenge
 * kept on longer). Serialised per subject, so two instances seeing declines at once open one
 * burst and staff are told once.
 */
async function markBurst(
  db: Db,
  decline: Decline,
  counted: Counted,
  seen: { failures: number; windowStartedAt: Date; challengeMinutes: number },
): Promise<void> {
  const until = sql`now() + make_interval(mins => ${seen.challengeMinutes})`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${counted.subject}, 25))`);
    const extended = await tx
      .update(cardTestingBursts)
      .set({
        declines: sql`${cardTestingBursts.declines} + 1`,
        lastDeclineAt: sql`now()`,
        challengeUntil: until,
        gateDigest: sql`coalesce(${cardTestingBursts.gateDigest}, ${counted.gate})`,
      })
      .where(
        and(eq(cardTestingBursts.subjectDigest, counted.subject), gt(cardTestingBursts.challengeUntil, sql`now()`)),
      )
      .returning({ id: cardTestingBursts.id });
    if (extended.length > 0) return;
    await tx.insert(cardTestingBursts).values({
      npoId: decline.npoId,
      campaignId: decline.campaignId,
      scope: counted.scope,
      subjectDigest: counted.subject,
      gateDigest: counted.gate,
      source: counted.source,
      declines: seen.failures,
      startedAt: seen.windowStartedAt,
      challengeUntil: until,
    });
    // Once per burst, so reading the organisation's locale here costs the gift path nothing.
    const locale = (await findNpo(tx, decline.npoId))?.locale ?? 'en-US';
    await notifyOrganisation(tx, {
      npoId: decline.npoId,
      kind: 'card_testing.burst',
      ...notificationTexts['card_testing.burst']({ declines: seen.failures, source: counted.source, locale }),
      data: { scope: counted.scope, campaign_id: decline.campaignId },
    });
  });
}

/** Bursts of the last seven days for the transactions page, newest first. */
export async function recentBursts(db: Db, npoId: number) {
  const rows = await db
    .select({
      id: cardTestingBursts.id,
      scope: cardTestingBursts.scope,
      source: cardTestingBursts.source,
      campaignId: cardTestingBursts.campaignId,
      declines: cardTestingBursts.declines,
      startedAt: cardTestingBursts.startedAt,
      lastDeclineAt: cardTestingBursts.lastDeclineAt,
      challengeUntil: cardTestingBursts.challengeUntil,
      challengeOn: sql<boolean>`${cardTestingBursts.challengeUntil} > now()`,
    })
    .from(cardTestingBursts)
    .where(and(eq(cardTestingBursts.npoId, npoId), gt(cardTestingBursts.lastDeclineAt, sql`now() - interval '7 days'`)))
    .orderBy(desc(cardTestingBursts.lastDeclineAt))
    .limit(5);
  return rows.map((r) => ({
    id: r.id,
    scope: r.scope,
    source: r.source,
    campaign_id: r.campaignId,
    declines: r.declines,
    started_at: r.startedAt.toISOString(),
    last_decline_at: r.lastDeclineAt.toISOString(),
    challenge_until: r.challengeUntil.toISOString(),
    challenge_on: Boolean(r.challengeOn),
  }));
}
