import { ZTask, ZTaskList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { dayIn, instantIn } from '../../platform/format/calendar.ts';
import { outsiderOrganisation, signedIn, userIdOf } from '../team/team.test-support.ts';
import { sendDueTaskReminders, sendTaskDigests } from './index.ts';

const API = '/api/v1/npo_admin';
const HOUR = 3_600_000;
/** Demo Riverside's calendar. */
const ZONE = 'America/New_York';
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('CRM tasks API', () => {
  const ctx = useTestApp();
  let staff: TestClient;
  let staffId: number;
  let giver: { id: number; donationId: number };
  let today: string;

  const create = async (client: TestClient, body: Record<string, unknown>) => {
    const res = await client.post(`${API}/tasks`, body);
    expect(res.statusCode, res.body).toBe(201);
    return ZTask.parse(res.json());
  };
  const taskCount = async () =>
    Number((await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM tasks`)).rows[0]?.n);

  beforeAll(async () => {
    staff = await signedIn(ctx, 'staff@kindling.test');
    staffId = await userIdOf(ctx, 'staff@kindling.test');
    today = dayIn(new Date(), ZONE);
    const { rows } = await ctx.db.execute<{ id: number; donation_id: number }>(sql`
      SELECT g.donor_id AS id, g.id AS donation_id FROM donations g JOIN npos n ON n.id = g.npo_id
      WHERE n.slug = 'riverside-food-bank' AND g.status = 'succeeded' ORDER BY g.id LIMIT 1`);
    giver = { id: Number(rows[0]?.id), donationId: Number(rows[0]?.donation_id) };
  });

  it('lists my tasks, the overdue ones and a contact’s, and a task from a gift is about its donor', async () => {
    const mine = await create(staff, {
      title: 'Send the annual report',
      contact_id: giver.id,
      due_on: today,
      priority: 'high',
    });
    expect(mine).toMatchObject({ assignee: { id: staffId }, overdue: false, status: 'open' });
    const late = await create(staff, { title: 'Call back', contact_id: giver.id, due_on: shift(today, -2) });
    expect(late.overdue).toBe(true);
    const thank = await create(staff, { title: 'Thank by phone', donation_id: giver.donationId });
    expect(thank.contact?.id).toBe(giver.id);

    const my = ZTaskList.parse((await staff.get(`${API}/tasks?view=my`)).json());
    expect(my.today).toBe(today);
    expect(my.tasks.map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, late.id, thank.id]));
    expect(my.tasks.every((t) => t.assignee?.id === staffId)).toBe(true);
    const overdue = ZTaskList.parse((await staff.get(`${API}/tasks?view=overdue`)).json());
    expect(overdue.tasks.map((t) => t.id)).toContain(late.id);
    expect(overdue.tasks.map((t) => t.id)).not.toContain(mine.id);
    const byContact = ZTaskList.parse((await staff.get(`${API}/tasks?contact_id=${giver.id}`)).json());
    expect(byContact.tasks.map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, late.id, thank.id]));
    expect(byContact.tasks.every((t) => t.contact?.id === giver.id)).toBe(true);

    const done = await staff.put(`${API}/tasks/${late.id}`, {
      title: 'Call back',
      contact_id: giver.id,
      status: 'done',
    });
    expect(ZTask.parse(done.json())).toMatchObject({ status: 'done', overdue: false });
    const after = ZTaskList.parse((await staff.get(`${API}/tasks?view=overdue`)).json());
    expect(after.tasks.map((t) => t.id)).not.toContain(late.id);
  });

  it('answers 401 anonymous, 403 to a peer fundraiser, 404 for another organisation’s task and 400 for its links', async () => {
    const task = await create(staff, { title: 'Ours', contact_id: giver.id });
    expect((await new TestClient(ctx.app).get(`${API}/tasks`)).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/tasks`)).statusCode).toBe(403);
    expect((await fundraiser.post(`${API}/tasks`, { title: 'x' })).statusCode).toBe(403);

    const { client: outsider } = await outsiderOrganisation(ctx, 'tasks-outsider@example.org', 'Task Outsiders');
    expect((await outsider.get(`${API}/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await outsider.put(`${API}/tasks/${task.id}`, { title: 'Hijack' })).statusCode).toBe(404);
    expect((await outsider.request('DELETE', `${API}/tasks/${task.id}`)).statusCode).toBe(404);
    const deal = (await staff.post(`${API}/deals`, { title: 'D', contact_id: giver.id, amount_minor: 100 })).json();
    const before = await taskCount();
    const links: Array<[Record<string, unknown>, string, string]> = [
      [{ contact_id: giver.id }, 'contact_id', 'Choose a contact of your organisation.'],
      [{ deal_id: deal.id }, 'deal_id', 'Choose a deal of your organisation.'],
      [{ donation_id: giver.donationId }, 'donation_id', 'Choose a gift of your organisation.'],
      [{ assignee_user_id: staffId }, 'assignee_user_id', 'Choose a member of your team.'],
    ];
    for (const [link, field, message] of links) {
      const res = await outsider.post(`${API}/tasks`, { title: 'Theirs', ...link });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields).toEqual({ [field]: message });
    }
    const bad = await staff.post(`${API}/tasks`, { title: '', due_on: '2026-02-30', priority: 'urgent' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      title: 'Give the task a title.',
      due_on: 'Use a date as YYYY-MM-DD.',
      priority: 'Choose low, normal or high.',
    });
    expect(await taskCount()).toBe(before);
    expect(ZTaskList.parse((await outsider.get(`${API}/tasks`)).json()).tasks).toEqual([]);
  });

  it('tells the assignee once when a task falls due', async () => {
    const task = await create(staff, { title: 'Reminder test', due_on: today });
    const notes = async () =>
      (
        await ctx.db.execute<{ link: string }>(sql`
          SELECT n.metadata->>'link' AS link FROM notifications n JOIN notification_recipients r ON r.notification_id = n.id
          WHERE n.kind = 'task.due' AND r.npo_user_id = ${staffId} AND n.metadata->>'task_id' = ${String(task.id)}`)
      ).rows;
    // Not yet due the day before.
    await sendDueTaskReminders(ctx.db, instantIn(shift(today, -1), 12 * HOUR, ZONE));
    expect(await notes()).toEqual([]);
    await sendDueTaskReminders(ctx.db);
    await sendDueTaskReminders(ctx.db);
    expect(await notes()).toEqual([{ link: `/dashboard/crm/tasks/${task.id}` }]);
  });

  it('e-mails each assignee one morning digest per day in the organisation’s time zone, however often it runs', async () => {
    const day = shift(today, 3);
    await create(staff, { title: 'Digest: visit the pantry', due_on: day });
    await create(staff, { title: 'Digest: overdue call', due_on: shift(day, -1) });
    const deps = { db: ctx.db, mailer: ctx.mailer, origin: 'https://kindling.test' };
    const digests = async () =>
      (await readOutboxTable(ctx.db)).filter(
        (m) => m.headers.includes('staff@kindling.test') && m.headers.includes('Your tasks for'),
      );

    await sendTaskDigests(deps, instantIn(day, 6 * HOUR, ZONE));
    expect(await digests()).toHaveLength(0);
    await sendTaskDigests(deps, instantIn(day, 8 * HOUR, ZONE));
    await sendTaskDigests(deps, instantIn(day, 9 * HOUR, ZONE));
    await Promise.all([
      sendTaskDigests(deps, instantIn(day, 10 * HOUR, ZONE)),
      sendTaskDigests(deps, instantIn(day, 10 * HOUR, ZONE)),
    ]);
    const sent = await digests();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Digest: visit the pantry: due today');
    expect(sent[0]?.text).toMatch(/Digest: overdue call: overdue since/);
    // The next morning is another digest.
    await sendTaskDigests(deps, instantIn(shift(day, 1), 8 * HOUR, ZONE));
    expect(await digests()).toHaveLength(2);
  });
});
