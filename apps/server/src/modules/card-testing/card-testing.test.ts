// Card testing through the real API (decision 025): a burst of declines from one address, the
// challenge the next intent then needs, single-use solutions, a real donor elsewhere unaffected,
// one staff notification per burst and the burst on the transactions list.
import {
  CHALLENGE_MESSAGES,
  CHALLENGE_REQUIRED,
  type TPublicCampaign,
  ZCreateIntentResponse,
  ZTransactionListResponse,
} from '@kindling/contracts';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { notifications } from '../notifications/notifications.tables.ts';

const ATTACKER = '203.0.113.9';
const DONOR = '198.51.100.7';
const DECLINED_CARD = '4000000000000002';
/** The sandbox's answer to a declined card: 200 with the payer's message, as Stripe.js resolves it. */
const declinedBy = (res: { statusCode: number; json: () => { last_payment_error?: unknown } }) =>
  res.statusCode === 200 && !!res.json().last_payment_error;

/** A valid card number the sandbox declines (it accepts its test cards only), different for each i. */
function testedCard(i: number): string {
  const body = `4000123400${String(i).padStart(5, '0')}`;
  const digits = [...body].reverse().map(Number);
  const sum = digits.reduce((acc, d, k) => acc + (k % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('card testing: velocity limits and the proof-of-work challenge', () => {
  // The default limits; a cheap proof-of-work so the test solves it in milliseconds.
  const ctx = useTestApp({ env: { CARD_TESTING_POW_COST: '1', CARD_TESTING_POW_MAX_COUNTER: '30' } });
  let campaign: TPublicCampaign;
  const attacker = () => new TestClient(ctx.app, { remoteAddress: ATTACKER });
  let attackerClient: TestClient;

  const intentBody = (extra: Record<string, unknown> = {}) => ({
    campaign_id: campaign.campaign_id,
    peer_campaign_id: null,
    amount: 500,
    currency: 'usd',
    interval: 'once',
    payment_method: 'card',
    included_fees: 0,
    ...extra,
  });

  const attemptsSoFar = async () =>
    Number((await ctx.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM payment_attempts`)).rows[0]?.n);

  /** The sandbox card form's call; waits for the provider's payment.failed event to be handled. */
  async function pay(client: TestClient, intent: { id: string; client_secret: string }, card: string) {
    const before = await attemptsSoFar();
    const res = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: card,
      exp: '12/34',
      cvc: '123',
    });
    if (declinedBy(res)) await vi.waitFor(async () => expect(await attemptsSoFar()).toBe(before + 1));
    return res;
  }

  async function intent(client: TestClient, extra: Record<string, unknown> = {}) {
    const res = await client.post('/api/v1/npo_admin/intent', intentBody(extra));
    expect(res.statusCode, res.body).toBe(200);
    return ZCreateIntentResponse.parse(res.json()).intent;
  }

  async function solvedChallenge(client: TestClient): Promise<string> {
    const res = await client.get(`/api/v1/npo_admin/payment_challenge?campaign_id=${campaign.campaign_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const challenge = res.json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('the challenge was not solved');
    // What the ALTCHA widget hands the form: base64 of the challenge and its solution.
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  const burstNotifications = (npoId: number) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.npoId, npoId), eq(notifications.kind, 'card_testing.burst')));

  beforeAll(async () => {
    campaign = await springAppeal(new TestClient(ctx.app));
    attackerClient = attacker();
  });

  it('lets four declines from one address through, and gates the address after the fifth', async () => {
    for (let i = 1; i <= 5; i++) {
      const created = await intent(attackerClient);
      // Stolen cards: a different number each time, each declined.
      expect(declinedBy(await pay(attackerClient, created, testedCard(i)))).toBe(true);
      if (i === 4) expect(await burstNotifications(campaign.npo_id)).toHaveLength(0);
    }
    expect(await burstNotifications(campaign.npo_id)).toHaveLength(1);
  });

  it('refuses the next intent after the burst with a challenge-required answer the form understands', async () => {
    const res = await attacker().post('/api/v1/npo_admin/intent', intentBody());
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({ code: CHALLENGE_REQUIRED, message: CHALLENGE_MESSAGES.required });
  });

  it('accepts a solved challenge once, and refuses it when replayed', async () => {
    const payload = await solvedChallenge(attackerClient);
    const opened = await attackerClient.post('/api/v1/npo_admin/intent', intentBody({ altcha: payload }));
    expect(opened.statusCode, opened.body).toBe(200);
    // The intent it opened declines too: the burst grows, staff are not told again.
    const { intent: paid } = ZCreateIntentResponse.parse(opened.json());
    expect(declinedBy(await pay(attackerClient, paid, DECLINED_CARD))).toBe(true);

    const replayed = await attackerClient.post('/api/v1/npo_admin/intent', intentBody({ altcha: payload }));
    expect(replayed.statusCode).toBe(428);
    expect(replayed.json()).toMatchObject({ code: CHALLENGE_REQUIRED, message: CHALLENGE_MESSAGES.used });
  });

  it('refuses a solution issued to another address or for another campaign', async () => {
    const elsewhere = new TestClient(ctx.app, { remoteAddress: '192.0.2.44' });
    const payload = await solvedChallenge(elsewhere);
    const res = await attackerClient.post('/api/v1/npo_admin/intent', intentBody({ altcha: payload }));
    expect(res.statusCode).toBe(428);
    expect(res.json().message).toBe(CHALLENGE_MESSAGES.wrong);
  });

  it('leaves a real donor at another address unaffected', async () => {
    const donor = new TestClient(ctx.app, { remoteAddress: DONOR });
    const created = await intent(donor);
    expect((await pay(donor, created, '4242424242424242')).statusCode).toBe(200);
    const confirmed = await donor.post('/api/v1/npo_admin/confirm_payment', {
      ...intentBody(),
      first_name: 'Real',
      last_name: 'Donor',
      email: 'real.donor@example.org',
      payment_intent: created.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('success');
  });

  it('tells staff exactly once and shows the burst on the transactions list', async () => {
    const told = await burstNotifications(campaign.npo_id);
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain(`from ${ATTACKER}`);

    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const list = await admin.get('/api/v1/npo_admin/transactions');
    expect(list.statusCode, list.body).toBe(200);
    // The demo's own burst (over this morning) besides this one.
    const bursts = ZTransactionListResponse.parse(list.json()).card_testing_bursts.filter((b) => b.challenge_on);
    // Five declines, then the one of the intent the solved challenge opened.
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toMatchObject({
      source: ATTACKER,
      declines: 6,
      challenge_on: true,
      campaign_id: campaign.campaign_id,
    });
  });

  it('shows the burst to no other organisation and to no anonymous caller', async () => {
    const outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'ct-outsider@example.org',
      password: 'outsider-pass',
    });
    expect((await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Card Trust' })).statusCode).toBe(
      201,
    );
    const theirs = await outsider.get('/api/v1/npo_admin/transactions');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(ZTransactionListResponse.parse(theirs.json()).card_testing_bursts).toEqual([]);
    expect((await new TestClient(ctx.app).get('/api/v1/npo_admin/transactions')).statusCode).toBe(401);
  });

  it('gates an address that tries one card again and again, before its own limit', async () => {
    const retrier = new TestClient(ctx.app, { remoteAddress: '192.0.2.50' });
    const card = '4000000000009995';
    for (let i = 0; i < 4; i++) expect(declinedBy(await pay(retrier, await intent(retrier), card))).toBe(true);
    const res = await retrier.post('/api/v1/npo_admin/intent', intentBody());
    expect(res.statusCode).toBe(428);
    const told = await burstNotifications(campaign.npo_id);
    expect(told.map((n) => n.message).filter((m) => m.includes('192.0.2.50'))).toHaveLength(1);
  });

  it('answers a challenge request without a campaign with a field message', async () => {
    const res = await attackerClient.get('/api/v1/npo_admin/payment_challenge?campaign_id=abc');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose a campaign.');
  });
});
