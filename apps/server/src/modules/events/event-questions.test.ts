// Questions for each attendee: staff define them with the campaign question kinds, the public page
// asks them per ticket, a bad answer is refused on its field changing nothing, and the answers show
// on the order and in the attendee export.
import { ZEventAdmin, ZEventOrderAdmin, ZPublicEvent, ZTicketOrderCreated } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { buyer, EVENTS_API, gala, payOrder } from './events.test-support.ts';

const ctx = useTestApp();
let admin: TestClient;
let event: ReturnType<typeof ZEventAdmin.parse>;

const QUESTIONS = [
  { content: 'Meal', answer_type: 'Radio' as const, options: ['Fish', 'Vegetarian'], response_required: true },
  { content: 'Allergies', answer_type: 'Text' as const, response_required: false },
];
const order = (answers: Array<Record<string, string | string[]>>) =>
  new TestClient(ctx.app).post('/api/v1/event_page/question-gala/orders', {
    buyer,
    attendees: answers.map((a, i) => ({ name: `Guest ${i + 1}`, email: `q${i}@example.org`, answers: a })),
    lines: [{ ticket_type_id: event.ticket_types[0]?.id, quantity: answers.length }],
  });
const remaining = async () =>
  ZPublicEvent.parse((await new TestClient(ctx.app).get('/api/v1/event_page/question-gala')).json()).ticket_types[0]
    ?.remaining;

beforeAll(async () => {
  admin = await signedIn(ctx, 'admin@kindling.test');
  const created = await admin.post(`${EVENTS_API}/events`, gala('question-gala', { questions: QUESTIONS }));
  expect(created.statusCode, created.body).toBe(201);
  event = ZEventAdmin.parse(created.json());
});

describe('attendee questions', () => {
  it('keeps the questions with ids, and refuses a choice question without options on its field', async () => {
    expect(event.questions.map((q) => [q.content, q.answer_type, q.options])).toEqual([
      ['Meal', 'Radio', ['Fish', 'Vegetarian']],
      ['Allergies', 'Text', []],
    ]);
    const ids = event.questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(2);
    const bad = await admin.put(
      `${EVENTS_API}/events/${event.id}`,
      gala('question-gala', { questions: [...QUESTIONS, { content: 'Shirt size', answer_type: 'dropdown' }] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields['questions.2.options']).toBe(
      'Add at least one option for a dropdown, Radio or Checkbox question',
    );
    const page = ZPublicEvent.parse((await new TestClient(ctx.app).get('/api/v1/event_page/question-gala')).json());
    expect(page.questions.map((q) => q.id)).toEqual(ids);
  });

  it('refuses a missing or made-up answer on the attendee’s field and holds no seat', async () => {
    const before = await remaining();
    const meal = String(event.questions[0]?.id);
    const missing = await order([{ [meal]: 'Fish' }, {}]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ [`attendees.1.answers.${meal}`]: 'Answer this question.' });
    const madeUp = await order([{ [meal]: 'Steak' }]);
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().fields).toEqual({ [`attendees.0.answers.${meal}`]: 'Choose one of the options given.' });
    expect(await remaining()).toBe(before);
  });

  it('stores each attendee’s answers and shows them on the order and in the export', async () => {
    const [meal, allergies] = event.questions.map((q) => String(q.id));
    const placed = await order([
      { [meal as string]: 'Vegetarian', [allergies as string]: 'Peanuts' },
      { [meal as string]: 'Fish' },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    const created = ZTicketOrderCreated.parse(placed.json());
    await payOrder(new TestClient(ctx.app), created);
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM event_orders WHERE reference = ${created.order.reference}`,
    );
    const view = ZEventOrderAdmin.parse((await admin.get(`${EVENTS_API}/event_orders/${rows[0]?.id}`)).json());
    expect(view.tickets.map((t) => t.answers.map((a) => `${a.question}: ${a.answer}`))).toEqual([
      ['Meal: Vegetarian', 'Allergies: Peanuts'],
      ['Meal: Fish'],
    ]);

    const staff = await signedIn(ctx, 'staff@kindling.test');
    const csv = await staff.get(`${EVENTS_API}/events/${event.id}/attendees.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Attendee,E-mail,Ticket type,Status,Checked in,Order,Buyer,Meal,Allergies');
    expect(lines.slice(1).map((l) => [l.split(',')[0], ...l.split(',').slice(-2)])).toEqual([
      ['Guest 1', 'Vegetarian', 'Peanuts'],
      ['Guest 2', 'Fish', ''],
    ]);
  });

  it('answers 401 anonymous and 404 for another organisation’s attendee export', async () => {
    const url = `${EVENTS_API}/events/${event.id}/attendees.csv`;
    expect((await new TestClient(ctx.app).get(url)).statusCode).toBe(401);
    const { client: outsider } = await outsiderOrganisation(
      ctx,
      'attendees-outsider@example.org',
      'Attendee Outsiders',
    );
    expect((await outsider.get(url)).statusCode).toBe(404);
  });
});
