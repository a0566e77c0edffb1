import { readFile } from 'node:fs/promises';
import { ROLE, ROLE_NAMES, type TRoleCode } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { memberships, npos } from '../modules/organisations/organisations.tables.ts';
import { ensureSandboxPaymentsOfGifts } from '../modules/payments/index.ts';
// ri23: a finished recurring import with its plans.
import { seedRecurringImport } from '../modules/recurring-imports/index.ts';
import { sandboxAccountId } from '../modules/sandbox/index.ts';
import { users } from '../modules/users/index.ts';
import type { Db } from '../platform/db/client.ts';
import { databaseFileStore } from '../platform/files/file-store.ts';
import { hashPassword } from '../platform/security/passwords.ts';
import { seal } from '../platform/security/sealed-box.ts';
import { sourcePath } from '../platform/server-root.ts';
// a22: the insights assistant's recent questions.
import { seedAssistantQueries } from './assistant-seed.ts';
import { seedCampaigns } from './campaigns-seed.ts';
import { seedCommunications } from './communications-seed.ts';
import { seedConsole } from './console-seed.ts';
import { seedContacts } from './contacts-seed.ts';
import { seedConversion } from './conversion-seed.ts';
// cf17: the demo crowdfunding campaign.
import { seedCrowdfunding } from './crowdfunding-seed.ts';
import { seedDeals } from './deals-seed.ts';
import { seedDonationAdmin } from './donation-admin-seed.ts';
import { seedDonorJourney } from './donor-journey-seed.ts';
import { seedEmailMarketing } from './email-marketing-seed.ts';
// events18: the demo event.
import { seedEvents } from './events-seed.ts';
// g23: Gift Aid claims.
import { seedGiftAid } from './gift-aid-seed.ts';
// ai22: two years of history for the AI insights page.
import { seedInsightsHistory } from './insights-seed.ts';
import { seedIntegrations } from './integrations-seed.ts';
// kb21: the demo organisation's own knowledge-base article.
import { seedKnowledgeBase } from './knowledge-base-seed.ts';
// m19: member tickets on the Harvest Gala (decision 090).
import { seedMemberTickets } from './member-tickets-seed.ts';
// mem19: memberships.
import { seedMemberships } from './memberships-seed.ts';
import { seedDashboardSettings } from './overview-seed.ts';
import { seedPageAroundForm } from './page-around-form-seed.ts';
// pay25: payment requests.
import { seedPaymentRequests } from './payment-requests-seed.ts';
import { seedPaymentSettings } from './payment-settings-seed.ts';
import { seedPeerPages } from './peer-pages-seed.ts';
import { seedPeerTeams } from './peer-teams-seed.ts';
import { seedProfiles } from './profile-seed.ts';
import { seedSandboxPayouts } from './reconciliation-seed.ts';
import { seedRecurringHistory } from './recurring-report-seed.ts';
// sr23: saved and scheduled reports.
import { seedSavedReports } from './saved-reports-seed.ts';
import { seedSecurity } from './security-seed.ts';
import { seedSegments } from './segments-seed.ts';
// crm20: a past run of year-end statements.
import { seedStatementRuns } from './statements-seed.ts';
import { seedTeam } from './team-seed.ts';
import { seedWallets } from './wallet-seed.ts';
import { seedWebhooks } from './webhooks-seed.ts';
// w21: workflow automation's recipes and run history.
import { seedWorkflows } from './workflows-seed.ts';

export const DEMO_PASSWORD = 'kindling-demo';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const DEMO_NPOS = [
  // Their time zones and locales (decision 027); migration 0076 gives an older demo database the same.
  {
    slug: 'riverside-food-bank',
    name: 'Riverside Food Bank',
    baseCurrency: 'USD',
    monthlyGoalMinor: 2_500_000,
    timeZone: 'America/New_York',
    locale: 'en-US',
  },
  {
    slug: 'northern-lights-rescue',
    name: 'Northern Lights Animal Rescue',
    baseCurrency: 'GBP',
    monthlyGoalMinor: 800_000,
    timeZone: 'Europe/London',
    locale: 'en-GB',
  },
] as const;

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  code: TRoleCode;
  npoSlugs: string[];
  totp?: boolean;
  /** Starts with a profile photo (docs/product/profile.md#name-and-photo). */
  photo?: boolean;
  note: string;
};

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'console@kindling.test',
    firstName: 'Cora',
    lastName: 'Console',
    code: ROLE.SUPER_ADMIN,
    npoSlugs: ['riverside-food-bank'],
    note: 'super-admin, lands on /console',
  },
  {
    email: 'admin@kindling.test',
    firstName: 'Ada',
    lastName: 'Admin',
    code: ROLE.ADMIN,
    npoSlugs: ['riverside-food-bank'],
    note: 'organisation admin',
  },
  {
    email: 'mfa@kindling.test',
    firstName: 'Milo',
    lastName: 'Factor',
    code: ROLE.ADMIN,
    npoSlugs: ['riverside-food-bank'],
    totp: true,
    note: `TOTP secret ${DEMO_TOTP_SECRET}; first sign-in returns backup codes`,
  },
  {
    email: 'manager@kindling.test',
    firstName: 'Mona',
    lastName: 'Manager',
    code: ROLE.MANAGER,
    npoSlugs: ['riverside-food-bank'],
    note: 'manager',
  },
  {
    email: 'finance@kindling.test',
    firstName: 'Finn',
    lastName: 'Finance',
    code: ROLE.FINANCE,
    npoSlugs: ['riverside-food-bank'],
    note: 'finance, no Organisation/Team settings',
  },
  {
    email: 'staff@kindling.test',
    firstName: 'Stella',
    lastName: 'Staff',
    code: ROLE.STAFF,
    npoSlugs: ['riverside-food-bank'],
    photo: true,
    note: 'dashboard only; has a profile photo',
  },
  {
    email: 'fundraiser@kindling.test',
    firstName: 'Fern',
    lastName: 'Raiser',
    code: ROLE.PEER,
    npoSlugs: ['riverside-food-bank'],
    note: 'peer fundraiser, lands on /peer-dashboard',
  },
  {
    email: 'multi@kindling.test',
    firstName: 'Max',
    lastName: 'Multi',
    code: ROLE.ADMIN,
    npoSlugs: ['riverside-food-bank', 'northern-lights-rescue'],
    note: 'member of both organisations',
  },
  // console24: the admin of the suspended demo organisation (its membership: console-seed.ts).
  {
    email: 'harbour@kindling.test',
    firstName: 'Hana',
    lastName: 'Harbour',
    code: ROLE.ADMIN,
    npoSlugs: [],
    note: 'admin of Harbour Hope Trust, suspended by the platform',
  },
];

/** The demo photo, stored like an uploaded one; only for a new account, so a removed photo stays removed. */
async function seedPhoto(db: Db, userId: number): Promise<void> {
  const key = `users/${userId}/photo-demo.png`;
  const content = await readFile(sourcePath('seed', 'demo-photo.png'));
  await databaseFileStore(db).put({ key, npoId: null, contentType: 'image/png', content });
  await db.update(users).set({ photoKey: key }).where(sql`${users.id} = ${userId}`);
}

/** Creates the demo organisations and accounts; running it again changes nothing. */
/**
 * `insightsHistory`: also write the two years of giving behind the AI insights page (decision 076).
 * The server's start passes it; the test template leaves it out, so the seeded figures other tests
 * assert stay as they are (the insights tests add it to their own copy).
 */
export async function seedDemo(
  db: Db,
  totpKey: Buffer,
  options: { insightsHistory?: boolean } = {},
): Promise<{ created: boolean }> {
  const npoIds = new Map<string, number>();
  for (const npo of DEMO_NPOS) {
    const [row] = await db
      .insert(npos)
      .values(npo)
      .onConflictDoUpdate({ target: npos.slug, set: { name: sql`${npos.name}` } })
      .returning({ id: npos.id });
    if (row) npoIds.set(npo.slug, row.id);
  }
  let created = false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const existing = await db.query.users.findFirst({ where: sql`lower(${users.email}) = ${u.email}` });
    let userId = existing?.id;
    if (!userId) {
      created = true;
      const [row] = await db
        .insert(users)
        // Each demo account owns its sandbox Stripe account, so 'Continue with Stripe' works offline.
        .values({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash,
          stripeUserId: sandboxAccountId(u.email),
        })
        .returning({ id: users.id });
      userId = row?.id;
      if (userId && u.totp) {
        await db
          .update(users)
          .set({ otpEnabled: true, otpSecret: seal(totpKey, DEMO_TOTP_SECRET, `totp:${userId}`) })
          .where(sql`${users.id} = ${userId}`);
      }
      if (userId && u.photo) await seedPhoto(db, userId);
    }
    if (!userId) continue;
    for (const slug of u.npoSlugs) {
      const npoId = npoIds.get(slug);
      if (!npoId) continue;
      await db
        .insert(memberships)
        .values({ npoId, userId, roleCode: u.code, roleName: ROLE_NAMES[u.code] })
        .onConflictDoNothing();
    }
  }
  const admin = await db.query.users.findFirst({ where: sql`lower(${users.email}) = 'admin@kindling.test'` });
  await seedProfiles(db, npoIds);
  await seedTeam(db, npoIds, admin?.id ?? null);
  await seedSecurity(db, npoIds);
  await seedCampaigns(db, npoIds);
  await seedDonationAdmin(db, npoIds);
  await seedPaymentSettings(db, npoIds, admin?.id ?? null);
  await seedDashboardSettings(db, npoIds);
  // CRM contacts.
  await seedContacts(db, npoIds, admin?.id ?? null);
  // CRM communications record.
  await seedCommunications(db, npoIds, admin?.id ?? null);
  // Donor wall, urgency and custom JS on the Spring Appeal's page.
  await seedPageAroundForm(db, npoIds);
  // Also mends demo data of installations seeded before the demo's gifts had their sandbox
  // payments: every demo gift is refundable like a real one (docs/decisions/022-…).
  for (const npoId of npoIds.values()) await ensureSandboxPaymentsOfGifts(db, npoId);
  // wallet15: the Spring Appeal offers the sandbox's wallet button and bank debits.
  await seedWallets(db, npoIds);
  // conv15: upsell and tributes on the Spring Appeal, its funnel and two abandoned gifts.
  await seedConversion(db, npoIds);
  // seg20: three saved CRM segments.
  await seedSegments(db, npoIds, admin?.id ?? null);
  // journey15: a campaign for the whole donor journey (an optional question before a required one).
  await seedDonorJourney(db, npoIds);
  // console24: a third organisation, suspended by the platform (decision 046).
  await seedConsole(db);
  // p2p16: five fundraiser pages with gifts on the Spring Appeal (decision 044).
  await seedPeerPages(db, npoIds);
  // deals20: six deals across the pipeline's stages and the demo admin's tasks.
  await seedDeals(db, npoIds);
  // events18: the Harvest Gala, its ticket types, EARLYBIRD and thirty orders.
  await seedEvents(db, npoIds);
  // cf17: the Community Garden crowdfunding page, its rewards, updates and forty backers.
  await seedCrowdfunding(db, npoIds);
  // mem19: Friends of Riverside, its three tiers and sixty members (decision 049).
  await seedMemberships(db, npoIds);
  // m19: the gala's Member ticket (a member price) and members-only Members' preview (decision 090).
  await seedMemberTickets(db, npoIds);
  // teams16: two fundraising teams on the Spring Appeal, the demo fundraiser's page in one (decision 051).
  await seedPeerTeams(db, npoIds);
  // pay25: three open payment requests and one paid (decision 050).
  await seedPaymentRequests(db, npoIds);
  // api21: one API key (decision 069).
  await seedIntegrations(db, npoIds, admin?.id ?? null);
  // wh21: one webhook endpoint on the demo receiver, with a few deliveries (decision 074).
  await seedWebhooks(db, npoIds, totpKey);
  const riverside = npoIds.get('riverside-food-bank');
  if (options.insightsHistory && riverside) await seedInsightsHistory(db, riverside);
  // a22: a few recent questions to the insights assistant.
  await seedAssistantQueries(db, npoIds);
  // mkt21: a sent newsletter with results and a scheduled appeal (after the segments).
  await seedEmailMarketing(db, npoIds, admin?.id ?? null);
  // crm20: a past run of year-end statements, with its log.
  await seedStatementRuns(db, npoIds, admin?.id ?? null);
  // sr23: two saved reports and a schedule after month end, with its latest run.
  await seedSavedReports(db, npoIds);
  // g23: UK Gift Aid gifts (one refunded) and a claim already sent for last year's first quarter.
  await seedGiftAid(db, npoIds, admin?.id ?? null);
  // rr23: later charges of two plans (recovered, expansion, contraction) for the recurring report.
  await seedRecurringHistory(db, npoIds);
  // ri23: a finished recurring import: six plans from another platform and one refused row.
  await seedRecurringImport(db, npoIds, admin?.id ?? null);
  // rc23: weekly sandbox payouts of the sandbox gifts, for the reconciliation report.
  await seedSandboxPayouts(db, npoIds);
  // w21: the three recipe workflows, active in the first organisation, with run history.
  await seedWorkflows(db, npoIds, admin?.id ?? null);
  // kb21: one article the organisation wrote, beside the built-in ones.
  await seedKnowledgeBase(db, npoIds, admin?.id ?? null);
  return { created };
}
