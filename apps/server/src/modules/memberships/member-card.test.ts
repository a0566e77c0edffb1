import {
  MEMBER_CARD_MESSAGES,
  memberNumber,
  ZMemberCard,
  ZMemberCardSent,
  ZMemberCheckIn,
  ZTierList,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Mail, readMail } from '../../../test/gift.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { joinAndPay, MEMBERSHIP_PUBLIC } from './memberships.test-support.ts';

const API = '/api/v1/npo_admin';

// The member card (docs/decisions/064-member-cards.md): staff send it, its signed link opens the card
// and its PDF, and its QR code checks in at an event of the organisation as a member.
describe('the member card', () => {
  const ctx = useTestApp();
  let active: { id: number; code: string; tier: string };
  let lapsed: { id: number; code: string; tier: string };
  let eventId: number;

  const member = async (status: string) => {
    const { rows } = await ctx.db.execute<{ id: number; code: string; tier: string }>(sql`
      SELECT m.id, m.card_code AS code, t.name AS tier FROM supporter_memberships m
      JOIN membership_tiers t ON t.id = m.tier_id WHERE m.status = ${status} ORDER BY m.id LIMIT 1`);
    const row = rows[0];
    if (!row) throw new Error(`no ${status} membership in the demo`);
    return { ...row, id: Number(row.id) };
  };

  /** Sends the card from the staff page and follows the link in the e-mail. */
  const cardLinkOf = async (id: number) => {
    const email = `card.${id}@example.org`;
    await ctx.db.execute(
      sql`UPDATE membership_members SET email = ${email} WHERE membership_id = ${id} AND position = 0`,
    );
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const sent = await admin.post(`${API}/memberships/${id}/send_card`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(ZMemberCardSent.parse(sent.json()).sent_to).toBe(email);
    const mail = (await readMail(ctx.dataDir)).find((m) => m.to === email);
    // The resent card carries its PDF too.
    expect(pdfText(mail?.pdf ?? Buffer.alloc(0))).toContain(memberNumber(id));
    const token = /\/member-card\/([A-Za-z0-9._-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token, mail?.text).toBeTruthy();
    return String(token);
  };

  beforeAll(async () => {
    active = await member('active');
    lapsed = await member('lapsed');
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT e.id FROM events e JOIN npos n ON n.id = e.npo_id JOIN supporter_memberships m ON m.npo_id = n.id
      WHERE m.id = ${active.id} ORDER BY e.id LIMIT 1`);
    eventId = Number(rows[0]?.id);
  });

  it('opens a valid card with its QR code and PDF, and the code checks in as a member', async () => {
    const token = await cardLinkOf(active.id);
    const anonymous = new TestClient(ctx.app);
    const page = await anonymous.get(`/api/v1/member_cards/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    const card = ZMemberCard.parse(page.json());
    expect(card).toMatchObject({ tier: active.tier, member_number: memberNumber(active.id), state: 'valid' });
    expect(card.validity).toMatch(new RegExp(`^Member: ${active.tier}, valid until \\w+ \\d+, \\d{4}$`));
    expect(card.qr_svg).toContain('<svg');
    const pdf = await anonymous.get(card.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(memberNumber(active.id));
    expect(text).toContain(card.members[0]);

    const staff = await signedIn(ctx, 'staff@kindling.test');
    const door = await staff.post(`${API}/events/${eventId}/check_ins`, { code: card.code });
    expect(door.statusCode, door.body).toBe(200);
    const answer = ZMemberCheckIn.parse(door.json());
    expect(answer.message).toBe(card.validity);
    expect(answer.member.member_number).toBe(memberNumber(active.id));

    // An altered link is refused; the history records the card sent.
    const forged = await anonymous.get(`/api/v1/member_cards/${token.replace(/^mc1\.\d+\./, `mc1.${lapsed.id}.`)}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(MEMBER_CARD_MESSAGES.invalid);
    const detail = (await staff.get(`${API}/memberships/${active.id}`)).json();
    expect(detail.history[0].kind).toBe('card_sent');
  });

  it('e-mails each member of a new household membership the card as a PDF with its page’s link, once', async () => {
    const tiers = ZTierList.parse((await new TestClient(ctx.app).get(`${MEMBERSHIP_PUBLIC}/tiers`)).json()).tiers;
    const household = tiers.find((t) => t.name === 'Household');
    const members = [
      { name: 'Wangari Maathai', email: 'wangari.welcome@example.org' },
      { name: 'Mwangi Maathai', email: 'mwangi.welcome@example.org' },
    ];
    const { id } = await joinAndPay(ctx, Number(household?.id), members);
    const welcomes = async () =>
      (await readMail(ctx.dataDir)).filter((m) => m.subject === 'Welcome: your Household member card');
    // The e-mail is a background job: generous on a loaded machine.
    await expect.poll(async () => (await welcomes()).length, { timeout: 60_000, interval: 250 }).toBe(2);
    const mails = await welcomes();
    expect(mails.map((m) => m.to).sort()).toEqual(members.map((m) => m.email).sort());
    const mail = mails[0] as Mail;
    expect(mail.text).toContain(`Member number: ${memberNumber(id)}`);
    expect(mail.text).toContain('Members: Wangari Maathai, Mwangi Maathai');
    const attachment = mail.parts.find((p) => /content-type:\s*application\/pdf/i.test(p.headers));
    expect(attachment?.headers).toMatch(new RegExp(`filename="?member-card-${memberNumber(id)}\\.pdf`));
    const text = pdfText(mail.pdf ?? Buffer.alloc(0));
    for (const expected of [memberNumber(id), 'Household', 'Wangari Maathai', 'Mwangi Maathai', 'Member: Household']) {
      expect(text).toContain(expected);
    }
    // The link in the e-mail opens the same card; the payment's second confirmation sent nothing more.
    const token = /\/member-card\/([A-Za-z0-9._-]+)/.exec(mail.text)?.[1];
    const card = ZMemberCard.parse((await new TestClient(ctx.app).get(`/api/v1/member_cards/${token}`)).json());
    expect(card).toMatchObject({ tier: 'Household', member_number: memberNumber(id), state: 'valid' });
    expect(mail.pdf?.toString('latin1')).toContain('/Subtype /Image');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await welcomes()).toHaveLength(2);
  });

  it('says an expired member’s card is expired, and the door refuses it', async () => {
    const token = await cardLinkOf(lapsed.id);
    const card = ZMemberCard.parse((await new TestClient(ctx.app).get(`/api/v1/member_cards/${token}`)).json());
    expect(card.state).toBe('expired');
    expect(card.validity).toMatch(new RegExp(`^Member card expired: the ${lapsed.tier} membership ended on `));
    const staff = await signedIn(ctx, 'staff@kindling.test');
    const door = await staff.post(`${API}/events/${eventId}/check_ins`, { code: lapsed.code });
    expect(door.statusCode).toBe(422);
    expect(door.json().message).toBe(card.validity);
    const unknown = await staff.post(`${API}/events/${eventId}/check_ins`, { code: 'member:0000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MEMBER_CARD_MESSAGES.unknown);
  });

  it('sends the card for admins only, and never another organisation’s member', async () => {
    const url = `${API}/memberships/${active.id}/send_card`;
    expect((await new TestClient(ctx.app).post(url, {})).statusCode).toBe(401);
    expect((await (await signedIn(ctx, 'staff@kindling.test')).post(url, {})).statusCode).toBe(403);
    const { client: outsider } = await outsiderOrganisation(ctx, 'card-outsider@example.org', 'Card Outsiders');
    expect((await outsider.post(url, {})).statusCode).toBe(404);
    // Another organisation's door does not know this member's card.
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO events (npo_id, name, slug, starts_at, ends_at, time_zone, currency)
      SELECT npo_id, 'Outsiders’ evening', 'outsiders-evening', now() + interval '7 days', now() + interval '8 days',
        'UTC', 'USD' FROM memberships m
      JOIN users u ON u.id = m.user_id WHERE u.email = 'card-outsider@example.org' RETURNING id`);
    const door = await outsider.post(`${API}/events/${rows[0]?.id}/check_ins`, { code: active.code });
    expect(door.statusCode).toBe(404);
  });
});
