// Inviting fundraisers (docs/product/campaigns.md#fundraisers) through the real API: who may invite whom, the e-mail,
// the staff notifications, and joining on the first sign-in after the invitation.
import { ROLE } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const ctx = useTestApp();
const ids = { riverside: 0, spring: 0, peer: 0, draft: 0 };

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.db.execute<T>(query)).rows[0];
const notificationsOf = (kind: string) =>
  ctx.db.execute<{ npo_id: number; message: string; link: string; actor: string | null; recipients: number }>(sql`
    SELECT n.npo_id, n.message, n.metadata->>'link' AS link, n.metadata->>'actor_user_id' AS actor,
      (SELECT count(*)::int FROM notification_recipients r WHERE r.notification_id = n.id) AS recipients
    FROM notifications n WHERE n.kind = ${kind} ORDER BY n.id`);

beforeAll(async () => {
  const id = async (url: string) =>
    Number((await one<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = ${url}`))?.id);
  ids.spring = await id('spring-appeal');
  ids.peer = await id('spring-appeal-team-sam');
  ids.draft = await id('summer-lunch-club');
  ids.riverside = Number((await one<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`))?.id);
});

const invite = (client: TestClient, body: Record<string, unknown>, headers?: Record<string, string>) =>
  client.post(
    '/api/v1/fundraiser',
    { first_name: 'Rosa', last_name: 'Parks', campaign_id: ids.spring, role: 'fundraiser', ...body },
    { headers },
  );

describe('POST /fundraiser', () => {
  it('lets staff invite a team leader: account, donor role, e-mail with a password link, staff told once', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const email = 'rosa.leader@example.org';
    const answer = await invite(admin, { email, role: 'leader' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().fundraiser).toMatchObject({
      campaign_id: ids.spring,
      email,
      first_name: 'Rosa',
      role: 'leader',
      status: 'invited',
      peer_campaign_id: null,
    });
    const user = await one<{ id: number; role_code: number }>(sql`
      SELECT u.id, m.role_code FROM users u JOIN memberships m ON m.user_id = u.id AND m.npo_id = ${ids.riverside}
      WHERE u.email = ${email}`);
    expect(user?.role_code).toBe(ROLE.PEER);
    const [mail] = await mailTo(ctx.dataDir, email);
    expect(mail?.subject).toBe('Join Spring Appeal as a team leader');
    expect(mail?.text).toMatch(/\/reset-password\?token=\S+/);

    const again = await invite(admin, { email, role: 'leader' });
    expect(again.statusCode).toBe(200);
    const invited = (await notificationsOf('fundraiser.invited')).rows.filter((n) =>
      n.message.startsWith('Rosa Parks'),
    );
    expect(invited).toHaveLength(1);
    expect(invited[0]).toMatchObject({ npo_id: ids.riverside, link: `/dashboard/peer-to-peer/${ids.spring}` });
    expect(invited[0]?.recipients).toBeGreaterThan(0);
    // fix15: names who invited, so their own screen (which confirmed it already) shows no second toast.
    const inviter = await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'admin@kindling.test'`);
    expect(invited[0]?.actor).toBe(String(inviter?.id));
  });

  it('lets a visitor ask to fundraise, but not as a team leader', async () => {
    const visitor = new TestClient(ctx.app);
    await visitor.prime();
    const refused = await invite(visitor, { email: 'visitor.leader@example.org', role: 'leader' });
    expect(refused.statusCode).toBe(403);
    expect(await one(sql`SELECT id FROM users WHERE email = 'visitor.leader@example.org'`)).toBeUndefined();
    const asked = await invite(visitor, { email: 'visitor@example.org' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ fundraiser: null, confirmation_sent: true });
  });

  it('refuses a signed-in non-staff user inviting someone else', async () => {
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    const answer = await invite(fundraiser, { email: 'someone.else@example.org' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe('You can ask to fundraise for yourself only.');
  });

  it('answers each missing field with its message and changes nothing', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM fundraisers`);
    const answer = await admin.post('/api/v1/fundraiser', {
      first_name: ' ',
      email: 'not-an-email',
      campaign_id: ids.spring,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toMatchObject({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Enter a valid email address',
    });
    expect(await one(sql`SELECT count(*)::int AS n FROM fundraisers`)).toEqual(before);
  });

  it('answers 404 for a draft campaign or a fundraiser page', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    expect((await invite(admin, { email: 'x1@example.org', campaign_id: ids.draft })).statusCode).toBe(404);
    expect((await invite(admin, { email: 'x2@example.org', campaign_id: ids.peer })).statusCode).toBe(404);
  });

  it('keeps the role of a staff member who is invited', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const answer = await invite(admin, { email: 'manager@kindling.test', first_name: 'Mona', last_name: 'Manager' });
    expect(answer.statusCode, answer.body).toBe(200);
    const role = await one<{ role_code: number }>(sql`
      SELECT m.role_code FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE u.email = 'manager@kindling.test' AND m.npo_id = ${ids.riverside}`);
    expect(role?.role_code).not.toBe(ROLE.PEER);
    const [mail] = await mailTo(ctx.dataDir, 'manager@kindling.test');
    expect(mail?.text).toContain('/login');
    expect(mail?.text).not.toContain('reset-password');
  });
});

describe('a visitor’s request, confirmed by the e-mailed link', () => {
  // Decision 023: anyone may ask, for themselves; nothing exists in the organisation until the
  // person follows the single-use link sent to the address.
  const CONFIRM = '/api/v1/fundraiser/confirm';
  const stateOf = async (email: string) =>
    one<{ users: number; memberships: number; fundraisers: number }>(sql`
      SELECT (SELECT count(*)::int FROM users WHERE email = ${email}) AS users,
        (SELECT count(*)::int FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ${email}) AS memberships,
        (SELECT count(*)::int FROM fundraisers f JOIN users u ON u.id = f.user_id WHERE u.email = ${email}) AS fundraisers`);
  const linkIn = async (email: string, count = 1) => {
    const mails = await mailTo(ctx.dataDir, email, count);
    const mail = mails.at(-1);
    return { mail, token: /\/join-fundraiser\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? '' };
  };
  const ask = async (email: string) => {
    const visitor = new TestClient(ctx.app);
    await visitor.prime();
    const answer = await invite(visitor, { email, first_name: 'Vera', last_name: 'Visitor' });
    expect(answer.statusCode, answer.body).toBe(200);
    return visitor;
  };

  it('enrols nobody until the link is followed; the link enrols once and then says it was used', async () => {
    const email = 'vera.visitor@example.org';
    const visitor = await ask(email);
    expect(await stateOf(email)).toEqual({ users: 0, memberships: 0, fundraisers: 0 });
    expect((await notificationsOf('fundraiser.invited')).rows.filter((n) => n.message.startsWith('Vera'))).toEqual([]);
    const { mail, token } = await linkIn(email);
    expect(mail?.subject).toBe('Confirm: fundraise for Spring Appeal');
    expect(token).toMatch(/^[\w-]{40,}$/);

    const confirmed = await visitor.post(CONFIRM, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      campaign_name: 'Spring Appeal',
      fundraiser: { email, role: 'fundraiser', status: 'invited', campaign_id: ids.spring },
      password_url: expect.stringMatching(/\/reset-password\?token=\S+$/),
    });
    expect(await stateOf(email)).toEqual({ users: 1, memberships: 1, fundraisers: 1 });
    const role = await one<{ role_code: number }>(sql`
      SELECT m.role_code FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ${email}`);
    expect(role?.role_code).toBe(ROLE.PEER);

    const again = await new TestClient(ctx.app).post(CONFIRM, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^This link was already used/);
    expect(await stateOf(email)).toEqual({ users: 1, memberships: 1, fundraisers: 1 });
  });

  it('says an expired link has expired, and an unknown one is not valid, enrolling nobody', async () => {
    const email = 'late.visitor@example.org';
    const visitor = await ask(email);
    const { token } = await linkIn(email);
    await ctx.db.execute(
      sql`UPDATE fundraiser_requests SET expires_at = now() - interval '1 second' WHERE email = ${email}`,
    );
    const expired = await visitor.post(CONFIRM, { token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({
      message: 'This link has expired. Ask to become a fundraiser again from the campaign page.',
      fields: { token: expect.any(String) },
    });
    const unknown = await visitor.post(CONFIRM, { token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^This link is not valid/);
    expect(await stateOf(email)).toEqual({ users: 0, memberships: 0, fundraisers: 0 });
  });

  it('makes a signed-in non-staff user confirm by e-mail too', async () => {
    const self = new TestClient(ctx.app);
    await self.signIn('staff@kindling.test');
    const other = await one<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`);
    // staff@kindling.test (1984) is not among the roles that invite: their own request needs the link.
    const asked = await invite(self, { email: 'staff@kindling.test', campaign_id: other?.id });
    expect(asked.json()).toEqual({ fundraiser: null, confirmation_sent: true });
    const { token } = await linkIn('staff@kindling.test');
    const confirmed = await self.post(CONFIRM, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // They can sign in already: no password link, and their own role in the organisation stays.
    expect(confirmed.json().password_url).toBeNull();
    const role = await one<{ role_code: number }>(sql`
      SELECT m.role_code FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE u.email = 'staff@kindling.test' AND m.npo_id = ${ids.riverside}`);
    expect(role?.role_code).toBe(1984);
  });
});

describe('joining', () => {
  it('makes the fundraiser page on the first sign-in after the link, and tells staff once', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const email = 'jo.joiner@example.org';
    expect((await invite(admin, { email, first_name: 'Jo', last_name: 'Joiner' })).statusCode).toBe(200);
    const [mail] = await mailTo(ctx.dataDir, email);
    const token = /reset-password\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const invitee = new TestClient(ctx.app);
    await invitee.prime();
    const reset = await invitee.post('/api/v1/password/reset', { token, password: 'a-fundraiser-password-42' });
    expect(reset.statusCode, reset.body).toBe(200);

    await new TestClient(ctx.app).signIn(email, 'a-fundraiser-password-42');
    await new TestClient(ctx.app).signIn(email, 'a-fundraiser-password-42');

    const row = await one<{ status: string; peer_campaign_id: number; joined_at: Date | null }>(sql`
      SELECT f.status, f.peer_campaign_id, f.joined_at FROM fundraisers f JOIN users u ON u.id = f.user_id
      WHERE u.email = ${email}`);
    expect(row).toMatchObject({ status: 'joined' });
    const page = await one<{ name: string; campaign_url: string; parent_campaign_id: number; status: string }>(sql`
      SELECT name, campaign_url, parent_campaign_id, status FROM campaigns WHERE id = ${row?.peer_campaign_id ?? 0}`);
    expect(page).toEqual({
      name: 'Jo Joiner for Spring Appeal',
      campaign_url: 'spring-appeal-team-jo-joiner',
      parent_campaign_id: ids.spring,
      status: 'active',
    });
    const joined = (await notificationsOf('fundraiser.joined')).rows.filter((n) => n.message.startsWith('Jo Joiner'));
    expect(joined).toHaveLength(1);
    const publicPage = await new TestClient(ctx.app).get(
      '/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal-team-jo-joiner',
    );
    expect(publicPage.statusCode, publicPage.body).toBe(200);
  });
});

describe('the invitation limit per client address', () => {
  // app.ts: 'fundraiser-invites-client', 20 invitations per client address per hour; every
  // invitation sends an e-mail, so one address must not be able to send them without end.
  const countOf = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query))?.n);

  it('refuses the 21st invitation from one address within the hour and creates nothing; another address is served', async () => {
    const admin = new TestClient(ctx.app, { remoteAddress: '10.20.0.1' });
    await admin.signIn('admin@kindling.test');
    for (let i = 1; i <= 20; i++) {
      const answer = await invite(admin, { email: `limit.${i}@example.org`, first_name: `Limit${i}` });
      expect(answer.statusCode, `invitation ${i}: ${answer.body}`).toBe(200);
    }
    const fundraisersBefore = await countOf(sql`SELECT count(*)::int AS n FROM fundraisers`);

    const refused = await invite(admin, { email: 'limit.21@example.org' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many invitations from here. Please try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A forwarded-for header from a client that is not a trusted proxy does not get around it.
    const forged = await invite(admin, { email: 'limit.21@example.org' }, { 'x-forwarded-for': '203.0.113.9' });
    expect(forged.statusCode).toBe(429);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM fundraisers`)).toBe(fundraisersBefore);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM users WHERE email = 'limit.21@example.org'`)).toBe(0);
    expect(await mailTo(ctx.dataDir, 'limit.21@example.org', 0)).toEqual([]);

    const elsewhere = new TestClient(ctx.app, { remoteAddress: '10.20.0.2' });
    await elsewhere.signIn('admin@kindling.test');
    const served = await invite(elsewhere, { email: 'limit.21@example.org' });
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json().fundraiser).toMatchObject({ email: 'limit.21@example.org', status: 'invited' });
    expect(await mailTo(ctx.dataDir, 'limit.21@example.org')).toHaveLength(1);
  });
});
