// Workflow e-mails carry the unsubscribe link and one-click headers campaign e-mails carry, and the
// "donation form submitted" trigger starts from gifts made through a campaign's form only
// (docs/product/crm-workflow-automation.md, decision 098).
import { WORKFLOW_MESSAGES, ZContactRecord, ZWorkflow, ZWorkflowRunList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift, springAppeal } from '../../../test/gift.ts';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { signedIn } from '../team/team.test-support.ts';
import { relayEvents } from './workflow-engine.ts';

const API = '/api/v1/npo_admin/workflows';
const poll = { timeout: 60_000, interval: 300 };

describe('workflow e-mails and the form trigger', () => {
  const ctx = useTestApp({ env: { WORKFLOW_TICK_SECONDS: '1', JOB_POLL_INTERVAL_SECONDS: '0.5' } });
  let staff: TestClient;
  let admin: TestClient;
  let campaignId = 0;

  const create = async (input: unknown) => {
    const res = await staff.post(API, input);
    expect(res.statusCode, res.body).toBe(201);
    return ZWorkflow.parse(res.json());
  };
  const runsOf = async (id: number) => ZWorkflowRunList.parse((await staff.get(`${API}/${id}/runs`)).json()).runs;
  const mailsWith = async (subject: string) =>
    (await readOutboxTable(ctx.db)).filter((m) => m.headers.includes(subject));
  const contact = async (id: number) =>
    ZContactRecord.parse((await staff.get(`/api/v1/npo_admin/contacts/${id}`)).json());

  beforeAll(async () => {
    staff = await signedIn(ctx, 'staff@kindling.test');
    admin = await signedIn(ctx, 'admin@kindling.test');
    campaignId = Number((await springAppeal(new TestClient(ctx.app))).campaign_id);
  });

  it('sends with an unsubscribe link and one-click headers; using it records the date and the workflow', {
    timeout: 120_000,
  }, async () => {
    const wf = await create({
      name: 'Unsubscribe test',
      trigger: { kind: 'any_gift' },
      conditions: [{ kind: 'gift_at_least', amount_minor: 4321 }],
      steps: [
        { action: { kind: 'send_email', subject: 'Unsub test one', html: '<p>Hello {{donor_first_name}}</p>' } },
        { delay_days: 1, action: { kind: 'send_email', subject: 'Unsub test two', html: '<p>Again</p>' } },
      ],
    });
    await (await payForGift(ctx, { amount: 4321, currency: 'USD', email: 'wf-unsub@example.org' })).confirm();
    await expect.poll(async () => (await runsOf(wf.id)).find((r) => r.step_index === 0)?.status, poll).toBe('done');
    const [mail] = await mailsWith('Unsub test one');
    expect(mail?.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const link = mail?.headers.match(/List-Unsubscribe:\s*<([^>]+)>/)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/.*\/api\/v1\/email\/unsubscribe\/[0-9a-f-]{36}$/);
    expect(mail?.text.replace(/=\r?\n/g, '')).toContain(link);
    const path = new URL(link).pathname;
    const contactId = (await runsOf(wf.id))[0]?.contact_id ?? 0;
    // The page names the e-mail and changes nothing by itself (mail scanners open links).
    const page = await new TestClient(ctx.app).get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsub test one');
    expect((await contact(contactId)).communication.email?.allowed).toBe(true);
    // RFC 8058: the mail program's POST, without a session or CSRF token.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const email = (await contact(contactId)).communication.email;
    expect(email).toMatchObject({ allowed: false, source: expect.stringContaining('“Unsubscribe test”') });
    expect(email?.source).toMatch(/One-click/);
    expect(Date.now() - Date.parse(email?.opted_out_at ?? '')).toBeLessThan(120_000);
    // The next step falls due: skipped at send time.
    await ctx.db.execute(sql`UPDATE workflow_runs SET due_at = now() WHERE workflow_id = ${wf.id} AND step_index = 1`);
    await expect.poll(async () => (await runsOf(wf.id)).find((r) => r.step_index === 1)?.status, poll).toBe('skipped');
    expect(await mailsWith('Unsub test two')).toHaveLength(0);
    // An unknown token is a clear 404 page.
    const unknown = await new TestClient(ctx.app).get('/api/v1/email/unsubscribe/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('starts "donation form submitted" from a gift through the chosen campaign’s form, not a gift entered by staff', {
    timeout: 120_000,
  }, async () => {
    const wf = await create({
      name: 'Form test',
      trigger: { kind: 'form_submitted', campaign_id: campaignId },
      steps: [{ action: { kind: 'add_tag', tag: 'Form submitted' } }],
    });
    expect(wf.trigger).toEqual({ kind: 'form_submitted', campaign_id: campaignId });
    const offline = await admin.post('/api/v1/npo_admin/offline_donations', {
      donor: { first_name: 'Cheque', last_name: 'Sender', email: 'wf-form-offline@example.org' },
      campaign_id: campaignId,
      method: 'cheque',
      received_on: '2026-01-15',
      amount_minor: 5000,
      currency: 'USD',
    });
    expect(offline.statusCode, offline.body).toBe(201);
    await (await payForGift(ctx, { amount: 1500, currency: 'USD', email: 'wf-form@example.org' })).confirm();
    await expect.poll(async () => (await runsOf(wf.id)).map((r) => r.status), poll).toEqual(['done']);
    await relayEvents(ctx.db);
    const runs = await runsOf(wf.id);
    expect(runs).toHaveLength(1);
    const { rows } = await ctx.db.execute<{ email: string }>(
      sql`SELECT email FROM donors WHERE id = ${runs[0]?.contact_id}`,
    );
    expect(rows[0]?.email.toLowerCase()).toBe('wf-form@example.org');
    // Any campaign's form: the trigger without a campaign.
    const any = await create({
      name: 'Any form',
      trigger: { kind: 'form_submitted' },
      steps: [{ action: { kind: 'call_webhook' } }],
    });
    expect(any.trigger).toEqual({ kind: 'form_submitted', campaign_id: null });
  });

  it('refuses a campaign of another organisation for the form trigger', { timeout: 60_000 }, async () => {
    const npoId = (await springAppeal(new TestClient(ctx.app))).npo_id;
    const foreign = await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM campaigns WHERE npo_id <> ${npoId} ORDER BY id LIMIT 1`,
    );
    const foreignId = Number(foreign.rows[0]?.id);
    expect(foreignId).toBeGreaterThan(0);
    const res = await staff.post(API, {
      name: 'Foreign form',
      trigger: { kind: 'form_submitted', campaign_id: foreignId },
      steps: [{ action: { kind: 'add_tag', tag: 'x' } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.['trigger.campaign_id']).toBe(WORKFLOW_MESSAGES.campaignMissing);
  });
});
