import { COMMUNICATION_MESSAGES, ZCommunicationList, ZContactRecord, ZGuide } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('communications record and guide API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;

  const contact = async (first: string, last: string, email = '') => {
    const res = await staff.post(`${API}/contacts`, { first_name: first, last_name: last, email });
    expect(res.statusCode, res.body).toBe(201);
    return ZContactRecord.parse(res.json()).id;
  };
  const log = (client: TestClient, body: Record<string, unknown>) => client.post(`${API}/communications`, body);
  const list = async (client: TestClient, query: string) => {
    const res = await client.get(`${API}/communications?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZCommunicationList.parse(res.json());
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
  });

  it('shows a donor’s receipt e-mail, logged call and note on one timeline, newest first', async () => {
    const email = 'timeline-donor@example.org';
    const { confirm } = await payForGift(ctx, { amount: 4200, currency: 'USD', email });
    const donation = await confirm();
    await mailTo(ctx.dataDir, email);
    const { rows } = await ctx.db.execute<{ donor_id: number }>(
      sql`SELECT donor_id FROM donations WHERE id = ${donation.id}`,
    );
    const donorId = Number(rows[0]?.donor_id);
    const call = await log(staff, {
      contact_id: donorId,
      kind: 'call',
      subject: 'Thank-you call',
      body: 'Left a message; she gives in memory of her father.',
      occurred_at: new Date().toISOString(),
    });
    expect(call.statusCode, call.body).toBe(201);
    const note = await staff.post(`${API}/donors/${donorId}/notes`, { body: 'Prefers post to e-mail.' });
    expect(note.statusCode, note.body).toBe(201);

    const timeline = await list(staff, `contact_id=${donorId}`);
    expect(timeline.communications.map((c) => [c.source, c.kind])).toEqual([
      ['note', 'note'],
      ['logged', 'call'],
      ['receipt', 'email'],
    ]);
    const [, logged, receipt] = timeline.communications;
    expect(logged).toMatchObject({
      subject: 'Thank-you call',
      by: { name: expect.any(String) },
      id: expect.any(Number),
      deletable: true,
    });
    expect(receipt).toMatchObject({ donation_id: donation.id, id: null, contact: { id: donorId }, deletable: false });
    expect(receipt?.subject).toMatch(/^Receipt \S+/);

    // Filters: by kind, and a search over what was written or over the contact's name and e-mail.
    expect((await list(staff, `contact_id=${donorId}&kind=call`)).communications.map((c) => c.source)).toEqual([
      'logged',
    ]);
    expect((await list(staff, 'search=in memory of her father')).communications.map((c) => c.id)).toEqual([logged?.id]);
    const byEmail = await list(staff, 'search=timeline-donor@example');
    expect(byEmail.communications.map((c) => c.source).sort()).toEqual(['logged', 'note', 'receipt']);
  });

  it('refuses bad input with a field message and records nothing', async () => {
    const id = await contact('Bea', 'Badinput');
    const before = await list(staff, `contact_id=${id}`);
    const future = await log(staff, { contact_id: id, kind: 'call', subject: 'Later', occurred_at: minutesAgo(-60) });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain(COMMUNICATION_MESSAGES.occurredAt);
    const blank = await log(staff, { contact_id: id, kind: 'meeting', subject: '  ', occurred_at: minutesAgo(5) });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(COMMUNICATION_MESSAGES.subject);
    const unknown = await log(staff, {
      contact_id: 987654321,
      kind: 'call',
      subject: 'Hi',
      occurred_at: minutesAgo(5),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(COMMUNICATION_MESSAGES.contactNotFound);
    const badKind = await log(staff, { contact_id: id, kind: 'note', subject: 'Hi', occurred_at: minutesAgo(5) });
    expect(badKind.statusCode).toBe(400);
    expect((await list(staff, `contact_id=${id}`)).communications).toEqual(before.communications);
  });

  it('keeps each organisation to its own record, and lets only the author or an admin delete an entry', async () => {
    const id = await contact('Otto', 'Owned');
    const mine = await log(staff, {
      contact_id: id,
      kind: 'letter',
      subject: 'Annual report',
      occurred_at: minutesAgo(1),
    });
    const entryId = mine.json().id as number;

    expect((await new TestClient(ctx.app).get(`${API}/communications`)).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/communications`)).statusCode).toBe(403);
    expect((await fundraiser.get(`${API}/communications_guide`)).statusCode).toBe(403);

    const { client: outsider } = await outsiderOrganisation(ctx, 'comms-outsider@example.org', 'Comms Outsiders');
    expect((await outsider.get(`${API}/communications?contact_id=${id}`)).statusCode).toBe(404);
    expect((await outsider.request('DELETE', `${API}/communications/${entryId}`)).statusCode).toBe(404);
    const foreign = await log(outsider, { contact_id: id, kind: 'call', subject: 'Hi', occurred_at: minutesAgo(1) });
    expect(foreign.statusCode).toBe(400);
    expect((await list(outsider, '')).communications).toEqual([]);

    const adminsEntry = await log(admin, {
      contact_id: id,
      kind: 'call',
      subject: 'Board call',
      occurred_at: minutesAgo(2),
    });
    const seenByStaff = (await list(staff, `contact_id=${id}`)).communications;
    expect(seenByStaff.map((c) => [c.subject, c.deletable])).toEqual([
      ['Annual report', true],
      ['Board call', false],
    ]);
    const refused = await staff.request('DELETE', `${API}/communications/${adminsEntry.json().id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMUNICATION_MESSAGES.notYours);
    expect((await admin.request('DELETE', `${API}/communications/${entryId}`)).statusCode).toBe(204);
    expect((await list(staff, `contact_id=${id}`)).communications.map((c) => c.subject)).toEqual(['Board call']);
    const audit = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_type = 'donor' AND target_id = ${String(id)}`,
    );
    expect(audit.rows.map((r) => r.action)).toContain('communication.deleted');
  });

  it('moves logged entries when contacts are merged, and erases them when a contact is anonymised', async () => {
    const keep = await contact('Kim', 'Keeper', 'kim-keeper@example.org');
    const duplicate = await contact('Kimberly', 'Keeper', 'kimberly-keeper@example.org');
    await log(staff, { contact_id: duplicate, kind: 'meeting', subject: 'Coffee', occurred_at: minutesAgo(3) });
    const merged = await admin.post(`${API}/donors/${keep}/merge`, { duplicate_id: duplicate });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await list(staff, `contact_id=${keep}`)).communications.map((c) => c.subject)).toEqual(['Coffee']);

    expect((await admin.post(`${API}/contacts/${keep}/anonymise`)).statusCode).toBe(200);
    expect((await list(staff, `contact_id=${keep}`)).communications).toEqual([]);
  });

  it('gives every organisation a first guide, which admins edit (sanitised) and staff read', async () => {
    const first = ZGuide.parse((await staff.get(`${API}/communications_guide`)).json());
    expect(first.pages.length).toBeGreaterThanOrEqual(3);
    expect(first.pages.every((p) => p.updated_at === null)).toBe(true);
    const [page] = first.pages;
    const body = { title: 'Our voice', body_html: '<p>Warm and plain.</p><script>alert(1)</script>' };
    expect((await staff.put(`${API}/communications_guide/${page?.slug}`, body)).statusCode).toBe(403);

    const saved = await admin.put(`${API}/communications_guide/${page?.slug}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = ZGuide.parse(saved.json()).pages[0];
    expect(edited).toMatchObject({
      title: 'Our voice',
      body_html: '<p>Warm and plain.</p>',
      updated_by: expect.any(String),
    });
    // The other pages of the first version were kept when the first edit made the guide the organisation's own.
    expect(ZGuide.parse(saved.json()).pages.map((p) => p.slug)).toEqual(first.pages.map((p) => p.slug));

    const added = await admin.post(`${API}/communications_guide`, { title: 'Gala scripts', body_html: '<p>Hi</p>' });
    expect(added.statusCode, added.body).toBe(201);
    const again = await admin.post(`${API}/communications_guide`, { title: 'Gala  scripts!', body_html: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMMUNICATION_MESSAGES.guideSlugTaken);
    expect((await admin.put(`${API}/communications_guide/no-such-page`, body)).statusCode).toBe(404);

    const { client: outsider } = await outsiderOrganisation(ctx, 'guide-outsider@example.org', 'Guide Outsiders');
    const theirs = ZGuide.parse((await outsider.get(`${API}/communications_guide`)).json());
    expect(theirs.pages.map((p) => p.title)).toEqual(first.pages.map((p) => p.title));

    let pages = ZGuide.parse((await staff.get(`${API}/communications_guide`)).json()).pages;
    for (const p of pages.slice(1)) {
      const removed = await admin.request('DELETE', `${API}/communications_guide/${p.slug}`);
      expect(removed.statusCode, removed.body).toBe(200);
    }
    pages = ZGuide.parse((await staff.get(`${API}/communications_guide`)).json()).pages;
    const last = await admin.request('DELETE', `${API}/communications_guide/${pages[0]?.slug}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(COMMUNICATION_MESSAGES.guideLast);
  });
});
