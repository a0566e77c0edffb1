// A visitor's join paid through the donation form and the sandbox card, as the public page does it.
import { ZCreateIntentResponse, ZJoinHold } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { springAppeal } from '../../../test/gift.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import type { Db } from '../../platform/db/client.ts';

export const MEMBERSHIP_PUBLIC = '/api/v1/subscriptions/friends-of-riverside';

export type Joiner = { name: string; email: string };

/** Pays `amountMinor` through the donation form for the membership with this reference, confirming twice. */
export async function payForMembership(
  ctx: TestContext,
  reference: string,
  price: { amountMinor: number; currency: string; interval: string },
  payer: Joiner,
) {
  const visitor = new TestClient(ctx.app);
  const campaign = await springAppeal(visitor, 'friends-of-riverside');
  const [first, last] = payer.name.split(' ');
  const who = { email: payer.email, first_name: first, last_name: last ?? 'Member' };
  const amounts = {
    campaign_id: campaign.campaign_id,
    peer_campaign_id: null,
    amount: price.amountMinor,
    currency: price.currency,
    interval: price.interval,
    payment_method: 'card',
    included_fees: 0,
  };
  const intentRes = await visitor.post('/api/v1/npo_admin/intent', { ...amounts, ...who, membership: reference });
  expect(intentRes.statusCode, intentRes.body).toBe(200);
  const { intent } = ZCreateIntentResponse.parse(intentRes.json());
  const paid = await visitor.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card_number: '4242424242424242',
    exp: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  // Twice: the browser's confirmation and a retry (or the webhook) record the same payment.
  for (const _ of [1, 2]) {
    const confirmed = await visitor.post('/api/v1/npo_admin/confirm_payment', {
      ...amounts,
      ...who,
      payment_intent: intent.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
}

/** Joins `tierId` with these members and pays; returns the membership's id and reference. */
export async function joinAndPay(ctx: TestContext, tierId: number, members: Joiner[]) {
  const held = await new TestClient(ctx.app).post(`${MEMBERSHIP_PUBLIC}/join`, { tier_id: tierId, members });
  expect(held.statusCode, held.body).toBe(201);
  const hold = ZJoinHold.parse(held.json());
  const payer = members[0] ?? { name: 'A Member', email: 'member@example.org' };
  await payForMembership(
    ctx,
    hold.reference,
    { amountMinor: hold.price_minor, currency: hold.currency, interval: hold.interval },
    payer,
  );
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM supporter_memberships WHERE reference = ${hold.reference}`,
  );
  return { id: Number(rows[0]?.id), reference: hold.reference };
}

export type MembershipRow = {
  status: string;
  renewal: string;
  plan_id: number | null;
  period_end: Date;
  tier_id: number;
};

export async function membershipRow(db: Db, id: number): Promise<MembershipRow> {
  const { rows } = await db.execute<MembershipRow>(
    sql`SELECT status, renewal, plan_id, period_end, tier_id FROM supporter_memberships WHERE id = ${id}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`no membership ${id}`);
  return { ...row, plan_id: row.plan_id === null ? null : Number(row.plan_id), period_end: new Date(row.period_end) };
}
