// The template API as staff use it: read, save (validated), preview, reset; by role, and an
// outsider organisation never seeing or changing another's campaign receipt template.
import { ZEmailPreviewResponse, ZEmailTemplateResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const ORG = '/api/v1/npo_admin/email_templates';
const campaignPath = (id: number) => `/api/v1/npo_admin/campaigns/${id}/receipt_template`;
const LINK = '<p><a href="{{portal_url}}">Your gifts</a></p>';

describe('e-mail templates API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let finance: TestClient;
  let staff: TestClient;
  let fundraiser: TestClient;
  let outsider: TestClient;
  let spring = 0;

  const rows = async () =>
    (
      await ctx.db.execute<{ kind: string; campaign_id: number | null; subject: string }>(
        sql`SELECT kind, campaign_id, subject FROM email_templates ORDER BY id`,
      )
    ).rows;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'templates-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Templates Trust' });
    const found = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM campaigns WHERE name = 'Spring Appeal'`);
    spring = Number(found.rows[0]?.id);
  });

  it('reads the default of every kind until one is saved', async () => {
    const response = await staff.get(`${ORG}/failed_charge`);
    expect(response.statusCode, response.body).toBe(200);
    const { template } = ZEmailTemplateResponse.parse(response.json());
    expect(template).toMatchObject({ kind: 'failed_charge', source: 'default', editable: false, updated_at: null });
    expect(template.html).toContain('href="{{update_payment_url}}"');
    expect(template.text).toContain('Update your payment method ({{update_payment_url}})');
    const own = ZEmailTemplateResponse.parse((await admin.get(`${ORG}/receipt`)).json()).template;
    expect(own.editable).toBe(true);
    expect((await admin.get(`${ORG}/newsletter`)).statusCode).toBe(400);
  });

  it('saves the sanitised template with its plain text, audited, and resets to the default', async () => {
    const saved = await finance.put(`${ORG}/thank_you`, {
      subject: '  Thank   you, {{donor_first_name}} ',
      html: '<p onclick="x()">Bless <strong>you</strong></p><script>alert(1)</script><p><a href="javascript:alert(1)">x</a></p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { template } = ZEmailTemplateResponse.parse(saved.json());
    expect(template).toMatchObject({ source: 'organisation', subject: 'Thank you, {{donor_first_name}}' });
    expect(template.html).toBe('<p>Bless <strong>you</strong></p><p><a>x</a></p>');
    expect(template.text).toBe('Bless you\n\nx');
    const reread = ZEmailTemplateResponse.parse((await staff.get(`${ORG}/thank_you`)).json()).template;
    expect(reread.html).toBe(template.html);
    const audit = await ctx.db.execute(
      sql`SELECT action FROM audit_log WHERE target_type = 'email_template' AND target_id = 'thank_you'`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['email_template.saved']);

    const reset = await finance.request('DELETE', `${ORG}/thank_you`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(ZEmailTemplateResponse.parse(reset.json()).template.source).toBe('default');
    expect((await rows()).filter((r) => r.kind === 'thank_you')).toEqual([]);
  });

  it('rejects an unknown merge field, an unescaped one and a lost required link, naming each; nothing saved', async () => {
    const before = await rows();
    const unknown = await admin.put(`${ORG}/receipt`, { subject: 'Hi {{donor_nmae}}', html: LINK });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.subject).toMatch(
      /^Unknown merge field \{\{donor_nmae\}\}\. Use one of: donor_first_name,/,
    );
    const unescaped = await admin.put(`${ORG}/receipt`, { subject: 'Hi', html: `<p>{{{amount}}}</p>${LINK}` });
    expect(unescaped.json().fields.html).toBe('Write {{amount}} instead: merge fields are always escaped.');
    const unclosed = await admin.put(`${ORG}/receipt`, { subject: 'Hi', html: `<p>{{#amount}}x</p>${LINK}` });
    expect(unclosed.json().fields.html).toMatch(/^Check the merge fields: Unclosed section "amount"/);
    const lost = await admin.put(`${ORG}/failed_charge`, { subject: 'Card failed', html: '<p>Sorry.</p>' });
    expect(lost.statusCode).toBe(400);
    expect(lost.json().fields.html).toBe(
      'This e-mail must keep the {{update_payment_url}} link: donors use it to update their payment method.',
    );
    const dangerous = await admin.put(`${ORG}/receipt`, {
      subject: 'Hi',
      html: '<p><a href="javascript:{{portal_url}}">x</a></p>',
    });
    expect(dangerous.json().fields.html).toMatch(/must keep the \{\{portal_url\}\} link/);
    const empty = await admin.put(`${ORG}/receipt`, { subject: ' ', html: '<p></p>' });
    expect(empty.json().fields).toEqual({ subject: 'Enter a subject', html: 'Write the message' });
    expect(await rows()).toEqual(before);
  });

  it('previews a draft with sample values and the organisation name, escaped, without saving', async () => {
    const response = await admin.post(`${ORG}/receipt/preview`, {
      subject: 'Receipt {{receipt_number}} for {{donor_name}}',
      html: `<p>{{organisation_name}} thanks you for {{amount}}</p>${LINK}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { preview } = ZEmailPreviewResponse.parse(response.json());
    expect(preview.subject).toBe('Receipt 1-000042 for Ada Lovelace');
    expect(preview.html).toContain('Riverside Food Bank thanks you for $25.00');
    expect(preview.html).toContain('href="https://example.org/portal/sample"');
    expect(preview.text).toContain('Your gifts (https://example.org/portal/sample)');
    expect(preview.text).toContain('IRS acknowledgment');
    expect((await rows()).filter((r) => r.kind === 'receipt')).toEqual([]);
    const bad = await admin.post(`${ORG}/receipt/preview`, { subject: '{{nope}}', html: LINK });
    expect(bad.statusCode).toBe(400);
    // A preview changes nothing, so staff who may only read can preview too; a peer fundraiser cannot.
    expect((await staff.post(`${ORG}/receipt/preview`, { subject: 'x', html: LINK })).statusCode).toBe(200);
    expect((await fundraiser.post(`${ORG}/receipt/preview`, { subject: 'x', html: LINK })).statusCode).toBe(403);
  });

  it('keeps a campaign receipt template apart, falling back to the organisation one when reset', async () => {
    await admin.put(`${ORG}/receipt`, { subject: 'Organisation receipt', html: LINK });
    const fallback = ZEmailTemplateResponse.parse((await staff.get(campaignPath(spring))).json()).template;
    expect(fallback).toMatchObject({ source: 'organisation', subject: 'Organisation receipt', campaign_id: spring });
    expect(fallback.campaign_name).toBe('Spring Appeal');
    const saved = await admin.put(campaignPath(spring), { subject: 'Spring receipt {{campaign_name}}', html: LINK });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZEmailTemplateResponse.parse(saved.json()).template.source).toBe('campaign');
    const preview = ZEmailPreviewResponse.parse(
      (await admin.post(`${campaignPath(spring)}/preview`, { subject: '{{campaign_name}}', html: LINK })).json(),
    ).preview;
    expect(preview.subject).toBe('Spring Appeal');
    const reset = await admin.request('DELETE', campaignPath(spring));
    expect(ZEmailTemplateResponse.parse(reset.json()).template).toMatchObject({
      source: 'organisation',
      subject: 'Organisation receipt',
    });
  });

  it('lets staff read but not change, keeps the peer fundraiser out, and answers an outsider 404 with nothing changed', async () => {
    const before = await rows();
    const body = { subject: 'Mine now', html: LINK };
    expect((await staff.put(`${ORG}/receipt`, body)).statusCode).toBe(403);
    expect((await staff.request('DELETE', `${ORG}/receipt`)).statusCode).toBe(403);
    expect((await fundraiser.get(`${ORG}/receipt`)).statusCode).toBe(403);
    expect((await fundraiser.get(campaignPath(spring))).statusCode).toBe(403);
    expect((await outsider.get(campaignPath(spring))).statusCode).toBe(404);
    expect((await outsider.put(campaignPath(spring), body)).statusCode).toBe(404);
    expect((await outsider.request('DELETE', campaignPath(spring))).statusCode).toBe(404);
    expect((await outsider.post(`${campaignPath(spring)}/preview`, body)).statusCode).toBe(404);
    expect((await admin.get(campaignPath(987654))).statusCode).toBe(404);
    // The outsider's own organisation has its own receipt template, untouched by Riverside's.
    const own = ZEmailTemplateResponse.parse((await outsider.get(`${ORG}/receipt`)).json()).template;
    expect(own.source).toBe('default');
    expect(await rows()).toEqual(before);
  });
});
