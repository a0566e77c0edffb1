// The demo's event (docs/product/events.md): Riverside's Harvest Gala three weeks ahead, at
// /event-page/harvest-gala, with three ticket types (a table of 8 among them, the VIP reception
// nearly sold out), the EARLYBIRD code, questions for each attendee answered on thirty paid orders,
// and a refunded, a partly refunded and an expired order (event-order-states-seed.ts).
// Added once: an installation that already has the event keeps what staff and buyers made of it.
import { deductibleOf, discountOf, type TAnswerRecord, type TCampaignQuestion } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { dayIn, instantIn } from '../platform/format/calendar.ts';
import { randomToken } from '../platform/security/tokens.ts';
import { seedGalaImages } from './event-images-seed.ts';
import { seedOrderStates } from './event-order-states-seed.ts';

const ZONE = 'America/New_York';
const DESCRIPTION =
  '<p>An evening of local food, music and stories from the families we serve. Every ticket helps stock the pantry for winter.</p>' +
  '<p><strong>Dress:</strong> smart casual. Dinner is served at 7 pm.</p>';

type SeedType = { name: string; price: number; fmv: number; quantity: number; seats: number; description: string };
const TYPES: SeedType[] = [
  {
    name: 'General admission',
    price: 15000,
    fmv: 6000,
    quantity: 200,
    seats: 1,
    description: 'Dinner, music and the auction.',
  },
  {
    name: 'VIP reception',
    price: 25000,
    fmv: 9000,
    quantity: 20,
    seats: 1,
    description: 'Meet the chefs before dinner.',
  },
  { name: 'Table of 8', price: 100000, fmv: 48000, quantity: 10, seats: 8, description: 'A reserved table for eight.' },
];
const NAMES = [
  ['Maya', 'Ortiz'],
  ['Liam', 'Chen'],
  ['Olivia', 'Brooks'],
  ['Noah', 'Patel'],
  ['Emma', 'Nguyen'],
  ['Lucas', 'Reed'],
  ['Ava', 'Kim'],
  ['Ethan', 'Diaz'],
  ['Sophia', 'Walsh'],
  ['Mason', 'Foster'],
];

/** Order n: which type, how many, and whether EARLYBIRD was used. VIP: 9 × 2 = 18 of 20 taken. */
function orderPlan(n: number): { type: number; quantity: number; early: boolean; gift: number } {
  if (n < 9) return { type: 1, quantity: 2, early: n % 3 === 0, gift: n % 4 === 0 ? 5000 : 0 };
  if (n < 12) return { type: 2, quantity: 1, early: false, gift: n === 10 ? 25000 : 0 };
  return { type: 0, quantity: 1 + (n % 2), early: n % 5 === 0, gift: n % 6 === 0 ? 2500 : 0 };
}

/** fin18: the gala's questions for each attendee, in the campaign question shape (docs/product/events.md). */
const MEALS = ['Roast chicken', 'Mushroom risotto (vegetarian)', 'Harvest bowl (vegan)'];
export const GALA_QUESTIONS: TCampaignQuestion[] = [
  { id: 1, content: 'Meal choice', answer_type: 'dropdown', options: MEALS, response_required: true },
  { id: 2, content: 'Allergies or dietary needs', answer_type: 'Text', options: [], response_required: false },
  {
    id: 3,
    content: 'Would you like to join the auction?',
    answer_type: 'Radio',
    options: ['Yes', 'No'],
    response_required: false,
  },
];

/** The answers of the demo's ticket holder n (a table's guests are asked through its holder). */
function answersOf(n: number): TAnswerRecord[] {
  const [meal, diet, auction] = GALA_QUESTIONS as [TCampaignQuestion, TCampaignQuestion, TCampaignQuestion];
  const records: TAnswerRecord[] = [
    { question_id: meal.id, question: meal.content, answer: MEALS[n % MEALS.length] as string },
  ];
  if (n % 4 === 1) records.push({ question_id: diet.id, question: diet.content, answer: 'No nuts, please.' });
  if (n % 3 !== 2) records.push({ question_id: auction.id, question: auction.content, answer: n % 2 ? 'No' : 'Yes' });
  return records;
}

/** Demo tickets already checked in. */
export const CHECKED_IN = 6;

export async function seedEvents(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const exists = await db.execute(sql`SELECT 1 FROM events WHERE slug = 'harvest-gala'`);
  if (exists.rows.length > 0) return;
  const now = Date.now();
  const day = dayIn(new Date(now + 21 * 86_400_000), ZONE);
  const startsAt = instantIn(day, (18 * 60 + 30) * 60_000, ZONE);
  const endsAt = instantIn(day, 23 * 3_600_000, ZONE);
  const earlyEnds = instantIn(dayIn(new Date(now + 14 * 86_400_000), ZONE), 23 * 3_600_000 + 59 * 60_000, ZONE);
  const eventId = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO events (npo_id, campaign_id, name, slug, description_html, image_url, starts_at, ends_at, time_zone,
        venue_name, venue_address, map_url, capacity, status, organiser_name, organiser_email, currency, gift_ask,
        questions)
      VALUES (${npoId},
        (SELECT id FROM campaigns WHERE npo_id = ${npoId} AND campaign_url = 'spring-appeal'),
        'Harvest Gala', 'harvest-gala', ${DESCRIPTION}, '', ${startsAt}, ${endsAt}, ${ZONE},
        'Riverside Community Hall', '120 Water Street, Riverside, NY 10001',
        'https://www.openstreetmap.org/search?query=120%20Water%20Street%20Riverside',
        300, 'published', 'Dana Whitaker', 'events@riverside.example.org', 'USD', true,
        ${JSON.stringify(GALA_QUESTIONS)}::jsonb)
      RETURNING id`);
    const eventId = Number(rows[0]?.id);
    const typeIds: number[] = [];
    for (const [position, t] of TYPES.entries()) {
      const { rows: typeRows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO event_ticket_types (event_id, name, description, price_minor, fair_market_value_minor, quantity,
          per_order_limit, attendees_per_ticket, position)
        VALUES (${eventId}, ${t.name}, ${t.description}, ${t.price}, ${t.fmv}, ${t.quantity}, ${t.seats > 1 ? 2 : 6},
          ${t.seats}, ${position})
        RETURNING id`);
      typeIds.push(Number(typeRows[0]?.id));
    }
    const { rows: codeRows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO event_discount_codes (event_id, code, kind, amount, usage_limit, expires_at)
      VALUES (${eventId}, 'EARLYBIRD', 'percent', 15, 200, ${earlyEnds}) RETURNING id`);
    const codeId = Number(codeRows[0]?.id);
    const taken = [0, 0, 0];
    let seats = 0;
    let codeUses = 0;
    for (let n = 0; n < 30; n += 1) {
      const plan = orderPlan(n);
      const type = TYPES[plan.type] as SeedType;
      const [first, last] = NAMES[n % NAMES.length] as [string, string];
      const subtotal = type.price * plan.quantity;
      const discount = discountOf(subtotal, plan.early ? { kind: 'percent', amount: 15 } : null);
      const fmv = type.fmv * plan.quantity;
      const createdAt = new Date(now - (30 - n) * 15 * 3_600_000);
      const lines = [
        {
          ticket_type_id: typeIds[plan.type],
          name: type.name,
          quantity: plan.quantity,
          price_minor: type.price,
          seats: plan.quantity * type.seats,
        },
      ];
      const email = `${first.toLowerCase()}.${last.toLowerCase()}${n}@example.org`;
      const { rows: orderRows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO event_orders (npo_id, event_id, reference, status, buyer_first_name, buyer_last_name, buyer_email,
          discount_code_id, currency, subtotal_minor, discount_minor, gift_minor, total_minor, fair_market_minor,
          deductible_minor, lines, provider, hold_until, paid_at, created_at)
        VALUES (${npoId}, ${eventId}, ${randomToken(18)}, 'paid', ${first}, ${last}, ${email},
          ${plan.early ? codeId : null}, 'USD', ${subtotal}, ${discount}, ${plan.gift}, ${subtotal - discount + plan.gift},
          ${fmv}, ${deductibleOf(subtotal - discount, fmv, plan.gift)}, ${JSON.stringify(lines)}::jsonb, 'sandbox',
          ${createdAt}, ${createdAt}, ${createdAt})
        RETURNING id`);
      const orderId = Number(orderRows[0]?.id);
      for (let q = 0; q < plan.quantity; q += 1) {
        for (let s = 0; s < type.seats; s += 1) {
          const name = q === 0 ? `${first} ${last}` : `Guest of ${first} ${last}`;
          const answers = s === 0 ? answersOf(n + q) : [];
          await tx.execute(sql`
            INSERT INTO event_tickets (order_id, event_id, ticket_type_id, attendee_name, attendee_email, code, status,
              answers)
            VALUES (${orderId}, ${eventId}, ${typeIds[plan.type]}, ${s === 0 ? name : `${name} guest ${s + 1}`},
              ${email}, ${randomToken(18)}, 'valid', ${JSON.stringify(answers)}::jsonb)`);
        }
      }
      taken[plan.type] = (taken[plan.type] ?? 0) + plan.quantity;
      seats += plan.quantity * type.seats;
      if (plan.early) codeUses += 1;
    }
    // e18: a refunded, a partly refunded and an expired order of general admission beside the paid ones.
    const general = TYPES[0] as SeedType;
    const gala = {
      npoId,
      eventId,
      typeId: Number(typeIds[0]),
      price: general.price,
      fmv: general.fmv,
      name: general.name,
    };
    const held = await seedOrderStates(tx, gala);
    taken[0] = (taken[0] ?? 0) + held;
    seats += held;
    for (const [i, id] of typeIds.entries()) {
      await tx.execute(sql`UPDATE event_ticket_types SET taken = ${taken[i] ?? 0} WHERE id = ${id}`);
    }
    await tx.execute(sql`UPDATE events SET taken = ${seats} WHERE id = ${eventId}`);
    await tx.execute(sql`UPDATE event_discount_codes SET used = ${codeUses} WHERE id = ${codeId}`);
    // tix18: a few guests already through the door, so the check-in screen shows its counts
    // (the first six tickets sold, by the demo's staff member, a minute apart).
    await tx.execute(sql`
      UPDATE event_tickets k SET checked_in_at = now() - make_interval(mins => 60 - c.n),
        checked_in_by = (SELECT id FROM users WHERE email = 'staff@kindling.test')
      FROM (SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM event_tickets WHERE event_id = ${eventId}) c
      WHERE k.id = c.id AND c.n <= ${CHECKED_IN}`);
    return eventId;
  });
  // e18: three images, the first the page's hero.
  await seedGalaImages(db, npoId, eventId);
}
