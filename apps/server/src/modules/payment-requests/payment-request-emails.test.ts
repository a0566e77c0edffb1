// Payment request e-mails, reminders and the statement (docs/decisions/055-payment-request-e-mails.md):
// the request e-mail from the organisation's template on create and by "Resend", listed on the request;
// reminders before and after the due day sent once however often the sweep runs; the statement PDF.
import { type TPublicCampaign, ZPaymentRequestDetail, ZPaymentRequestSettings } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { springAppeal } from '../../../test/gift.ts';
import { readOutboxTable } from '../../../test/mail.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { addDays, dayIn } from '../../platform/format/calendar.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { sweepPaymentRequestReminders } from './payment-request-reminders.ts';

const API = '/api/v1/npo_admin';
const ZONE = 'America/New_York';

describe('payment request e-mails', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let campaign: TPublicCampaign;
  let n = 0;

  const create = async (body: Record<string, unknown> = {}) => {
    n += 1;
    const res = await admin.post(`${API}/payment_requests`, {
      payer: { first_name: 'Grace', last_name: 'Hopper', email: `grace${n}@example.org` },
      amount_minor: 25_000,
      currency: 'USD',
      purpose: 'Gala table sponsorship',
      campaign_id: campaign.campaign_id,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZPaymentRequestDetail.parse(res.json());
  };
  /** The e-mails to `to`, their parts' soft line breaks (quoted-printable) joined. */
  const mailsTo = async (to: string) =>
    (await readOutboxTable(ctx.db))
      .filter((m) => new RegExp(`^To: ${to}$`, 'mi').test(m.headers))
      .map((m) => ({ ...m, text: m.text.replace(/=\r?\n/g, '') }));
  const sweep = () => sweepPaymentRequestReminders({ db: ctx.db, mailer: ctx.mailer, origin: 'https://give.test' });
  const today = () => dayIn(new Date(), ZONE);
  /** Made `days` ago, as the sweep only reminds of requests that existed before the reminder day. */
  const backdate = (id: number, days: number) =>
    ctx.db.execute(
      sql`UPDATE payment_requests SET created_at = now() - make_interval(days => ${days}) WHERE id = ${id}`,
    );

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    campaign = await springAppeal(new TestClient(ctx.app));
  });

  it('e-mails the request on create with its pay link and statement, lists it, and resends on demand', async () => {
    const request = await create({ send_email: true, due_on: '2030-03-01' });
    const email = request.payer_email;
    expect(request.emails.map((e) => [e.kind, e.recipient])).toEqual([['request', email]]);
    expect(request.last_sent_at).not.toBeNull();
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.headers).toMatch(/^Subject: Riverside Food Bank: Gala table sponsorship$/m);
    expect(mail?.text).toContain(`/pay/${request.public_id}`);
    expect(mail?.text).toContain(`/api/v1/payment_requests/${request.public_id}/statement.pdf`);
    expect(mail?.text).toContain('$250.00');
    expect(mail?.text).toContain('March 1, 2030');

    // The organisation's own template is the one sent next.
    const saved = await admin.put(`${API}/email_templates/payment_request`, {
      subject: 'Your invoice: {{request_purpose}}',
      html: '<p>Hello {{donor_first_name}}, please pay {{amount}}.</p><p><a href="{{payment_url}}">Pay</a></p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const resent = await admin.post(`${API}/payment_requests/${request.id}/send`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    expect(ZPaymentRequestDetail.parse(resent.json()).emails).toHaveLength(2);
    const latest = (await mailsTo(email)).at(-1);
    expect(latest?.headers).toMatch(/^Subject: Your invoice: Gala table sponsorship$/m);
    expect(latest?.text).toContain('Hello Grace, please pay $250.00.');
    expect((await admin.request('DELETE', `${API}/email_templates/payment_request`)).statusCode).toBeLessThan(300);
  });

  it('does not e-mail unless asked, and refuses to e-mail a cancelled request', async () => {
    const request = await create();
    expect(request.emails).toEqual([]);
    expect(await mailsTo(request.payer_email)).toEqual([]);
    await admin.post(`${API}/payment_requests/${request.id}/cancel`, {});
    const refused = await admin.post(`${API}/payment_requests/${request.id}/send`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a request that still takes payment can be e-mailed.');
    expect(await mailsTo(request.payer_email)).toEqual([]);
  });

  it('answers 401, 403 and 404 on the e-mail, statement and settings routes', async () => {
    const request = await create();
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.post(`${API}/payment_requests/${request.id}/send`, {})).statusCode).toBe(401);
    expect((await anonymous.get(`${API}/payment_requests/${request.id}/statement.pdf`)).statusCode).toBe(401);
    expect((await anonymous.get(`${API}/payment_request_settings`)).statusCode).toBe(401);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    expect((await staff.post(`${API}/payment_requests/${request.id}/send`, {})).statusCode).toBe(403);
    expect((await staff.get(`${API}/payment_requests/${request.id}/statement.pdf`)).statusCode).toBe(200);
    expect((await staff.get(`${API}/payment_request_settings`)).statusCode).toBe(200);
    const off = { reminders_enabled: false, days_before: 1, days_after: 1 };
    expect((await staff.put(`${API}/payment_request_settings`, off)).statusCode).toBe(403);
    const { client: outsider } = await outsiderOrganisation(ctx, 'mail-outsider@example.org', 'Mail Outsiders');
    expect((await outsider.post(`${API}/payment_requests/${request.id}/send`, {})).statusCode).toBe(404);
    expect((await outsider.get(`${API}/payment_requests/${request.id}/statement.pdf`)).statusCode).toBe(404);
    // Their settings are their own.
    expect((await outsider.put(`${API}/payment_request_settings`, off)).statusCode).toBe(200);
    expect((await admin.get(`${API}/payment_request_settings`)).json()).toEqual({
      reminders_enabled: true,
      days_before: 3,
      days_after: 7,
    });
    expect(await mailsTo(request.payer_email)).toEqual([]);
  });

  it('refuses reminder days out of range with a field message, changing nothing', async () => {
    const bad = await admin.put(`${API}/payment_request_settings`, {
      reminders_enabled: true,
      days_before: 120,
      days_after: 7,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.days_before).toBe('Enter 0 to 90 days.');
    const now = ZPaymentRequestSettings.parse((await admin.get(`${API}/payment_request_settings`)).json());
    expect(now.days_before).toBe(3);
  });

  it('sends the reminder before and after the due day once, even when the sweep runs twice at once', async () => {
    const before = await create({ due_on: addDays(today(), 2) });
    const after = await create({ due_on: addDays(today(), -8) });
    const notYet = await create({ due_on: addDays(today(), 10) });
    const tooRecent = await create({ due_on: addDays(today(), 1) });
    for (const r of [before, after, notYet]) await backdate(r.id, 20);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    expect(await mailsTo(before.payer_email)).toHaveLength(1);
    expect((await mailsTo(before.payer_email))[0]?.headers).toMatch(/^Subject: Reminder: Gala table sponsorship/m);
    expect(await mailsTo(after.payer_email)).toHaveLength(1);
    expect(await mailsTo(notYet.payer_email)).toEqual([]);
    // Created inside the reminder window: its own e-mail is enough.
    expect(await mailsTo(tooRecent.payer_email)).toEqual([]);
    const detail = ZPaymentRequestDetail.parse((await admin.get(`${API}/payment_requests/${after.id}`)).json());
    expect(detail.emails.map((e) => e.kind)).toEqual(['reminder_after']);
  });

  it('sends no reminder when reminders are off or the request is paid', async () => {
    const paid = await create({ due_on: addDays(today(), -8), amount_minor: 1_000 });
    await backdate(paid.id, 20);
    await admin.post(`${API}/payment_requests/${paid.id}/paid_offline`, { method: 'cash', received_on: today() });
    const unpaid = await create({ due_on: addDays(today(), -8) });
    await backdate(unpaid.id, 20);
    const off = await admin.put(`${API}/payment_request_settings`, {
      reminders_enabled: false,
      days_before: 3,
      days_after: 7,
    });
    expect(off.statusCode, off.body).toBe(200);
    await sweep();
    expect(await mailsTo(unpaid.payer_email)).toEqual([]);
    expect((await mailsTo(paid.payer_email)).some((m) => /Subject: Reminder/.test(m.headers))).toBe(false);
    await admin.put(`${API}/payment_request_settings`, { reminders_enabled: true, days_before: 3, days_after: 7 });
    await sweep();
    expect(await mailsTo(unpaid.payer_email)).toHaveLength(1);
  });

  it('gives staff and the payer the statement PDF; an unknown public id is 404', async () => {
    const request = await create({ description: 'Table for ten at the autumn gala.', due_on: '2030-03-01' });
    await admin.post(`${API}/payment_requests/${request.id}/paid_offline`, {
      method: 'cheque',
      received_on: today(),
      amount_minor: 5_000,
    });
    const res = await admin.get(`${API}/payment_requests/${request.id}/statement.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const part of ['Gala table sponsorship', 'Table for ten', '$250.00', '$50.00', '$200.00', 'March 1, 2030'])
      expect(text).toContain(part);
    expect(text).toContain(`/pay/${request.public_id}`);
    const pub = await new TestClient(ctx.app).get(`/api/v1/payment_requests/${request.public_id}/statement.pdf`);
    expect(pub.statusCode).toBe(200);
    expect(pdfText(pub.rawPayload)).toContain('Gala table sponsorship');
    const unknown = await new TestClient(ctx.app).get(
      '/api/v1/payment_requests/AAAAAAAAAAAAAAAAAAAAAAAA/statement.pdf',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
