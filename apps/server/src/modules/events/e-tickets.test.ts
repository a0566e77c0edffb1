// E-tickets and check-in through the real API: the paid order's e-mail carries one PDF page per
// attendee with the ticket's code and the .ics invitation, its signed link opens the same PDF, and
// the door admits each ticket once, even when two doors scan it at the same moment.
import { ZCheckInResult, ZCheckInStatus, ZEventAdmin, ZTicketOrderCreated } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../../test/gift.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { CHECKED_IN } from '../../seed/events-seed.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { EVENTS_API, gala, payOrder } from './events.test-support.ts';

const ctx = useTestApp();
let admin: TestClient;
let staff: TestClient;
let eventId: number;
const email = 'ticket.buyer@example.org';
const codes = async (orderReference: string) =>
  (
    await ctx.db.execute<{ id: number; code: string; attendee_name: string }>(sql`
      SELECT k.id, k.code, k.attendee_name FROM event_tickets k JOIN event_orders o ON o.id = k.order_id
      WHERE o.reference = ${orderReference} ORDER BY k.id`)
  ).rows;

let reference = '';

beforeAll(async () => {
  admin = await signedIn(ctx, 'admin@kindling.test');
  staff = await signedIn(ctx, 'staff@kindling.test');
  const created = await admin.post(`${EVENTS_API}/events`, gala('ticket-gala', { name: 'Lantern Supper' }));
  expect(created.statusCode, created.body).toBe(201);
  eventId = ZEventAdmin.parse(created.json()).id;
  const placed = await new TestClient(ctx.app).post('/api/v1/event_page/ticket-gala/orders', {
    buyer: { first_name: 'Grace', last_name: 'Hopper', email },
    attendees: [
      { name: 'Grace Hopper', email },
      { name: 'Alan Turing', email: 'alan@example.org' },
    ],
    lines: [{ ticket_type_id: ZEventAdmin.parse(created.json()).ticket_types[0]?.id, quantity: 2 }],
    discount_code: 'EARLY',
    gift_minor: 2500,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const order = ZTicketOrderCreated.parse(placed.json());
  reference = order.order.reference;
  await payOrder(new TestClient(ctx.app), order);
});

describe('e-tickets', () => {
  it('e-mails the paid order once, with a PDF page per attendee (event, attendee, type, code) and an .ics invitation', async () => {
    const mails = await mailTo(ctx.dataDir, email, 1, 600);
    const mail = mails.find((m) => m.subject === 'Your tickets for Lantern Supper');
    expect(mails.filter((m) => m.subject.startsWith('Your tickets'))).toHaveLength(1);
    expect(mail?.text).toContain('Riverside Hall, 1 River Rd');
    expect(mail?.text).toContain('Join online: https://meet.example.org/gala');
    const text = pdfText(mail?.pdf ?? Buffer.alloc(0));
    const tickets = await codes(reference);
    expect(tickets).toHaveLength(2);
    for (const t of tickets) {
      expect(t.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(text).toContain(t.code);
      expect(text).toContain(t.attendee_name);
      expect(mail?.text).toContain(`- ${t.attendee_name} (Dinner): ${t.code}`);
    }
    expect(text).toContain('Lantern Supper');
    expect(text).toContain('Dinner');
    expect(text).toContain('Ticket 2 of 2');
    const pages = (mail?.pdf?.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBe(2);
    const ics = mail?.parts.find((p) => /text\/calendar/i.test(p.headers))?.body.toString('utf8') ?? '';
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('SUMMARY:Lantern Supper');
  });

  it('opens the same tickets from the signed link in the e-mail, and a changed link reveals nothing', async () => {
    const [mail] = (await mailTo(ctx.dataDir, email, 1, 0)).filter((m) => m.subject.startsWith('Your tickets'));
    const link = /https?:\/\/[^\s]+\/api\/v1\/event_tickets\/([^\s/]+)\/tickets\.pdf/.exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    const anonymous = new TestClient(ctx.app);
    const opened = await anonymous.get(`/api/v1/event_tickets/${link?.[1]}/tickets.pdf`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('application/pdf');
    const [first] = await codes(reference);
    expect(pdfText(opened.rawPayload)).toContain(first?.code);
    const token = link?.[1] ?? '';
    const otherOrder = token.replace(/^tk1\.(\d+)\./, (_m, id) => `tk1.${Number(id) + 1}.`);
    for (const bad of [otherOrder, `${token.slice(0, -2)}xx`, 'tk1.1.2.nonsense-signature-nonsense-signature']) {
      const refused = await anonymous.get(`/api/v1/event_tickets/${bad}/tickets.pdf`);
      expect(refused.statusCode, bad).toBe(404);
      expect(refused.json().message).toBe('This tickets link is not valid or has expired.');
    }
  });
});

describe('check-in at the door', () => {
  const checkIn = (client: TestClient, body: Record<string, unknown>, id = eventId) =>
    client.post(`${EVENTS_API}/events/${id}/check_ins`, body);

  it("shows the demo Harvest Gala's guests with codes, six of them already in", async () => {
    const gala = await ctx.db.execute<{ id: number; seats: number; coded: number }>(sql`
      SELECT e.id, e.taken AS seats, count(DISTINCT k.code)::int AS coded FROM events e
      JOIN event_tickets k ON k.event_id = e.id AND k.status = 'valid' WHERE e.slug = 'harvest-gala' GROUP BY e.id`);
    const demo = gala.rows[0];
    expect(demo?.coded).toBe(demo?.seats);
    const status = ZCheckInStatus.parse((await staff.get(`${EVENTS_API}/events/${demo?.id}/check_ins?q=guest`)).json());
    expect(status.counts).toEqual({ checked_in: CHECKED_IN, expected: demo?.seats });
    expect(status.matches.length).toBeGreaterThan(0);
  });

  it('admits a ticket by its code once, then says when and by whom it was checked in', async () => {
    const [ticket] = await codes(reference);
    const before = ZCheckInStatus.parse((await staff.get(`${EVENTS_API}/events/${eventId}/check_ins`)).json());
    expect(before.counts).toEqual({ checked_in: 0, expected: 2 });
    const admitted = await checkIn(staff, { code: ticket?.code });
    expect(admitted.statusCode, admitted.body).toBe(200);
    const result = ZCheckInResult.parse(admitted.json());
    expect(result.ticket.attendee_name).toBe('Grace Hopper');
    expect(result.counts).toEqual({ checked_in: 1, expected: 2 });
    const again = await checkIn(admin, { code: ticket?.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Already checked in at \d{1,2}:\d{2}\s?(AM|PM)? by Stella Staff\.$/);
  });

  it('lets exactly one of two doors admit the same ticket at once', async () => {
    const [, ticket] = await codes(reference);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => checkIn(i % 2 ? admin : staff, { code: ticket?.code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const row = await ctx.db.execute<{ checked_in_at: Date | null }>(
      sql`SELECT checked_in_at FROM event_tickets WHERE id = ${ticket?.id}`,
    );
    expect(row.rows[0]?.checked_in_at).not.toBeNull();
  });

  it('finds attendees by name and checks one in by the ticket chosen', async () => {
    const found = ZCheckInStatus.parse((await staff.get(`${EVENTS_API}/events/${eventId}/check_ins?q=turing`)).json());
    expect(found.matches.map((m) => [m.attendee_name, m.checked_in_by])).toEqual([['Alan Turing', expect.any(String)]]);
    await ctx.db.execute(sql`UPDATE event_tickets SET checked_in_at = NULL WHERE id = ${found.matches[0]?.id}`);
    const byId = await checkIn(staff, { ticket_id: found.matches[0]?.id });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(ZCheckInResult.parse(byId.json()).counts).toEqual({ checked_in: 2, expected: 2 });
  });

  it('refuses bad, unknown, refunded and other-event codes with a clear message, changing nothing', async () => {
    const empty = await checkIn(staff, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.code).toBe('Scan or type a ticket code, or choose an attendee.');
    const unknown = await checkIn(staff, { code: 'not-a-ticket-code' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No ticket has this code.');
    const gala = await ctx.db.execute<{ id: number; code: string }>(sql`
      SELECT k.id, k.code FROM event_tickets k JOIN events e ON e.id = k.event_id
      WHERE e.slug = 'harvest-gala' AND k.status = 'valid' AND k.checked_in_at IS NULL LIMIT 1`);
    const other = gala.rows[0];
    const wrong = await checkIn(staff, { code: other?.code });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('This ticket is for another event: Harvest Gala.');
    const [ticket] = await codes(reference);
    await ctx.db.execute(
      sql`UPDATE event_tickets SET status = 'refunded', checked_in_at = NULL WHERE id = ${ticket?.id}`,
    );
    const refunded = await checkIn(staff, { code: ticket?.code });
    expect(refunded.statusCode).toBe(422);
    expect(refunded.json().message).toBe('This ticket was refunded.');
    const after = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM event_tickets WHERE id IN (${ticket?.id}, ${other?.id}) AND checked_in_at IS NOT NULL`,
    );
    expect(after.rows[0]?.n).toBe(0);
  });

  it('answers 401 anonymous, 403 to a fundraiser and 404 for another organisation', async () => {
    const [, ticket] = await codes(reference);
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`${EVENTS_API}/events/${eventId}/check_ins`)).statusCode).toBe(401);
    expect((await checkIn(anonymous, { code: ticket?.code })).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await checkIn(fundraiser, { code: ticket?.code })).statusCode).toBe(403);
    const { client: outsider } = await outsiderOrganisation(ctx, 'doors-outsider@example.org', 'Door Outsiders');
    expect((await outsider.get(`${EVENTS_API}/events/${eventId}/check_ins`)).statusCode).toBe(404);
    expect((await checkIn(outsider, { code: ticket?.code })).statusCode).toBe(404);
    const own = await outsider.post(`${EVENTS_API}/events`, gala('outsider-gala'));
    expect(own.statusCode, own.body).toBe(201);
    const theirs = await checkIn(outsider, { code: ticket?.code }, ZEventAdmin.parse(own.json()).id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('No ticket has this code.');
  });
});
