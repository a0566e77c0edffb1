import { ZNoteResponse, ZNotesResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('notes API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let outsider: TestClient;
  const ids = { donation: 0, donor: 0, plan: 0 };

  const first = async (query: ReturnType<typeof sql>) =>
    Number((await ctx.db.execute<{ id: number }>(query)).rows[0]?.id);

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'notes-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Notes Trust' });
    const riverside = sql`(SELECT id FROM npos WHERE slug = 'riverside-food-bank')`;
    ids.donation = await first(sql`SELECT id FROM donations WHERE npo_id = ${riverside} ORDER BY id LIMIT 1`);
    ids.donor = await first(sql`SELECT id FROM donors WHERE npo_id = ${riverside} ORDER BY id LIMIT 1`);
    // A plan of the organisation: the demo's own when it seeds one, else one on a gift without a plan.
    ids.plan =
      (await first(sql`SELECT id FROM recurring_plans WHERE npo_id = ${riverside} ORDER BY id LIMIT 1`)) ||
      (await first(sql`
        INSERT INTO recurring_plans (npo_id, donor_id, amount_minor, currency, interval, provider, anchor_at, started_at, first_donation_id)
        SELECT npo_id, donor_id, amount_minor, currency, 'monthly', 'sandbox', now(), now(), id FROM donations
        WHERE npo_id = ${riverside} AND id NOT IN (SELECT first_donation_id FROM recurring_plans) ORDER BY id LIMIT 1
        RETURNING id`));
  });

  const notesCount = async () => Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM notes`)).rows[0]?.n);

  it('staff add a note to a donation, everyone of the organisation reads it, oldest first', async () => {
    const url = `/api/v1/npo_admin/donations/${ids.donation}/notes`;
    const one = await staff.post(url, { body: '  Called the donor to say thanks.  ' });
    expect(one.statusCode, one.body).toBe(201);
    const created = ZNoteResponse.parse(one.json()).note;
    expect(created).toMatchObject({ body: 'Called the donor to say thanks.', author_name: 'Stella Staff', mine: true });
    await admin.post(url, { body: 'Asked for a cheque copy.' });
    const list = ZNotesResponse.parse((await admin.get(url)).json()).notes;
    expect(list.map((n) => [n.body, n.mine])).toEqual([
      ['Called the donor to say thanks.', false],
      ['Asked for a cheque copy.', true],
    ]);
    const audit = await ctx.db.execute(
      sql`SELECT action FROM audit_log WHERE target_type = 'donation' AND target_id = ${String(ids.donation)} AND action = 'note.created'`,
    );
    expect(audit.rows).toHaveLength(2);
  });

  it('keeps notes of donors and plans apart from those of donations', async () => {
    for (const [path, id] of [
      ['donors', ids.donor],
      ['recurring_plans', ids.plan],
    ] as const) {
      const res = await admin.post(`/api/v1/npo_admin/${path}/${id}/notes`, { body: `About ${path} ${id}` });
      expect(res.statusCode, res.body).toBe(201);
      const list = ZNotesResponse.parse((await admin.get(`/api/v1/npo_admin/${path}/${id}/notes`)).json()).notes;
      expect(list.map((n) => n.body)).toEqual([`About ${path} ${id}`]);
    }
  });

  it('refuses an empty note with a message for the field, adding nothing', async () => {
    const before = await notesCount();
    const res = await admin.post(`/api/v1/npo_admin/donations/${ids.donation}/notes`, { body: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Write the note.');
    expect(await notesCount()).toBe(before);
  });

  it('lets the author delete a note, and no other member outside the organisation admins', async () => {
    const url = `/api/v1/npo_admin/donations/${ids.donation}/notes`;
    const note = ZNoteResponse.parse((await admin.post(url, { body: 'To be removed' })).json()).note;
    expect(note.deletable).toBe(true);
    for (const email of ['staff@kindling.test', 'finance@kindling.test']) {
      const other = new TestClient(ctx.app);
      await other.signIn(email);
      const seen = ZNotesResponse.parse((await other.get(url)).json()).notes.find((n) => n.id === note.id);
      expect(seen?.deletable, email).toBe(false);
      expect((await other.request('DELETE', `${url}/${note.id}`)).statusCode, email).toBe(403);
    }
    const byAuthor = await admin.request('DELETE', `${url}/${note.id}`);
    expect(byAuthor.statusCode).toBe(204);
    const list = ZNotesResponse.parse((await admin.get(url)).json()).notes;
    expect(list.map((n) => n.body)).not.toContain('To be removed');
    expect((await admin.request('DELETE', `${url}/${note.id}`)).statusCode).toBe(404);
  });

  it("lets an organisation admin (7789, 6635, 5150) delete anyone's note, audited with whose it was", async () => {
    const url = `/api/v1/npo_admin/donors/${ids.donor}/notes`;
    for (const email of ['console@kindling.test', 'manager@kindling.test', 'admin@kindling.test']) {
      const note = ZNoteResponse.parse((await staff.post(url, { body: `Staff note for ${email}` })).json()).note;
      const moderator = new TestClient(ctx.app);
      await moderator.signIn(email);
      const seen = ZNotesResponse.parse((await moderator.get(url)).json()).notes.find((n) => n.id === note.id);
      expect(seen, email).toMatchObject({ mine: false, deletable: true });
      const res = await moderator.request('DELETE', `${url}/${note.id}`);
      expect(res.statusCode, `${email}: ${res.body}`).toBe(204);
      const audit = await ctx.db.execute<{ data: { note_id: number; author_user_id: number }; email: string }>(sql`
        SELECT a.data, u.email FROM audit_log a JOIN users u ON u.id = a.actor_user_id
        WHERE a.action = 'note.deleted' AND (a.data->>'note_id')::bigint = ${note.id}`);
      expect(audit.rows).toEqual([{ data: { note_id: note.id, author_user_id: note.author_user_id }, email }]);
    }
    const left = ZNotesResponse.parse((await staff.get(url)).json()).notes.map((n) => n.body);
    expect(left.filter((body) => body.startsWith('Staff note for'))).toEqual([]);
  });

  it("answers 404 to an admin deleting another organisation's note", async () => {
    const url = `/api/v1/npo_admin/donations/${ids.donation}/notes`;
    const note = ZNoteResponse.parse((await staff.post(url, { body: 'Riverside only' })).json()).note;
    expect((await outsider.request('DELETE', `${url}/${note.id}`)).statusCode).toBe(404);
    expect(ZNotesResponse.parse((await staff.get(url)).json()).notes.map((n) => n.id)).toContain(note.id);
  });

  it("answers 404 for another organisation's records and writes nothing", async () => {
    const before = await notesCount();
    for (const path of [`donations/${ids.donation}`, `donors/${ids.donor}`, `recurring_plans/${ids.plan}`]) {
      expect((await outsider.get(`/api/v1/npo_admin/${path}/notes`)).statusCode).toBe(404);
      expect((await outsider.post(`/api/v1/npo_admin/${path}/notes`, { body: 'sneaky' })).statusCode).toBe(404);
    }
    expect(await notesCount()).toBe(before);
  });

  it('needs a signed-in member of the dashboard', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`/api/v1/npo_admin/donations/${ids.donation}/notes`)).statusCode).toBe(401);
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    expect((await fundraiser.get(`/api/v1/npo_admin/donations/${ids.donation}/notes`)).statusCode).toBe(403);
  });
});
