import { ROLE, ROLE_NAMES, type TCampaignInput } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { sendAnnouncement } from '../modules/console/index.ts';
import { recordSucceededPayment } from '../modules/donations/index.ts';
import { memberships, npos } from '../modules/organisations/index.ts';
import { ensureSandboxPaymentsOfGifts } from '../modules/payments/index.ts';
import type { Db } from '../platform/db/client.ts';
import { ensureCampaign } from './campaigns-seed.ts';

// The platform console's demo (docs/decisions/046-platform-console.md): a third organisation the
// platform has suspended, with a campaign whose page shows the neutral notice, a few gifts with
// platform fees, and its own admin (harbour@kindling.test, a demo account of demo-seed.ts) who sees why in the shell. Created once:
// a later run leaves its status as the operator left it.

export const SUSPENDED_DEMO = {
  slug: 'harbour-hope-trust',
  name: 'Harbour Hope Trust',
  campaignUrl: 'harbour-winter-appeal',
  reason: 'Registration documents expired; waiting for the renewed certificate.',
};

const WINTER: TCampaignInput = {
  name: 'Winter Shelter Appeal',
  campaign_url: SUSPENDED_DEMO.campaignUrl,
  status: 'active',
  goal_minor: 1_000_000,
  currency: 'USD',
  currencies: ['USD'],
  call_to_action: 'Keep the harbour shelter warm this winter',
  description: '<p>Beds, blankets and hot meals for people sleeping rough along the harbour.</p>',
  user_amount_enable: true,
  include_payment_fees: false,
  gift_aid: false,
  collect_address: false,
  designation_label: '',
  thank_you_message: '',
  amounts: [
    { amount_minor: 2000, interval: 'once', description: 'A warm bed for a night', image_url: null },
    { amount_minor: 5000, interval: 'once', description: 'Blankets for a dormitory', image_url: null },
  ],
  designations: [],
  questions: [],
  campaign_settings: {},
  custom_css: '',
  max_amount_minor: null,
};

const GIFTS = [2000, 5000, 2000, 7500, 5000, 2000];

export async function seedConsole(db: Db): Promise<void> {
  await seedUnverifiedSignUp(db);
  const [created] = await db
    .insert(npos)
    .values({
      slug: SUSPENDED_DEMO.slug,
      name: SUSPENDED_DEMO.name,
      baseCurrency: 'USD',
      timeZone: 'Europe/Dublin',
      locale: 'en-IE',
      status: 'suspended',
      statusReason: SUSPENDED_DEMO.reason,
      platformFeeBps: 200,
    })
    .onConflictDoNothing({ target: npos.slug })
    .returning({ id: npos.id });
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = ${SUSPENDED_DEMO.slug}`);
  const npoId = Number(rows[0]?.id);
  if (!npoId) return;
  const { rows: admin } = await db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE lower(email) = 'harbour@kindling.test'`,
  );
  if (admin[0]) {
    await db
      .insert(memberships)
      .values({ npoId, userId: Number(admin[0].id), roleCode: ROLE.ADMIN, roleName: ROLE_NAMES[ROLE.ADMIN] })
      .onConflictDoNothing();
  }
  await seedAnnouncement(db, npoId);
  const now = Date.now();
  const campaignId = await ensureCampaign(db, npoId, WINTER, { createdAt: new Date(now - 90 * 86_400_000) });
  if (!created) return;
  for (const [i, amount] of GIFTS.entries()) {
    await recordSucceededPayment(db, {
      npoId,
      campaignId,
      provider: 'sandbox',
      providerReference: `seed_harbour_${i + 1}`,
      amountMinor: amount,
      currency: 'USD',
      platformFeeMinor: Math.round(amount * 0.02),
      paymentMethod: 'card',
      donor: { email: `harbour.friend${i + 1}@example.org`, firstName: 'Harbour', lastName: `Friend ${i + 1}` },
      occurredAt: new Date(now - (5 + i * 9) * 86_400_000),
    });
  }
  await ensureSandboxPaymentsOfGifts(db, npoId);
}

// con24b: one announcement in the console's history, to the suspended organisation only (its
// admin's bell shows it; no other demo account's notifications change). Sent once; no e-mail.
async function seedAnnouncement(db: Db, npoId: number): Promise<void> {
  const { rows: sent } = await db.execute(sql`SELECT 1 FROM console_announcements LIMIT 1`);
  const { rows: operator } = await db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE lower(email) = 'console@kindling.test'`,
  );
  if (sent.length > 0 || !operator[0]) return;
  await sendAnnouncement(
    { db, jobs: null },
    { userId: Number(operator[0].id), ip: null, seeded: true },
    {
      title: 'Your registration certificate',
      message:
        'Gifts to Harbour Hope Trust are on hold until we receive your renewed registration certificate. ' +
        'Reply to this message with the document and we will reactivate your pages the same day.',
      audience: 'chosen',
      npo_ids: [npoId],
      reason: 'Suspended until the registration is renewed',
    },
  );
}

// ver24: a self-service sign-up that never opened its verification link, so /console/users shows
// the unverified badge and Resend verification (decision 078). No password, no organisation: it
// cannot sign in and changes no other demo account. Created once.
async function seedUnverifiedSignUp(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (email, first_name, last_name, email_verified_at)
    VALUES ('nico.newcomer@example.org', 'Nico', 'Newcomer', NULL)
    ON CONFLICT DO NOTHING`);
}
