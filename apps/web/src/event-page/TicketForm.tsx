// Step 1 of a ticket order: quantities, attendees, the buyer, a discount code and an optional gift.
import { EVENT_MESSAGES } from '@kindling/contracts/event-rules.ts';
import type { TPublicEvent, TTicketOrderRequest } from '@kindling/contracts/events.ts';
import { toMinorUnits } from '@kindling/contracts/money-rules.ts';
import { type FormEvent, useState } from 'react';
import { type Answers, AttendeeQuestions } from './AttendeeQuestions.tsx';
import { eventFormat } from './event-format.ts';

type Props = {
  event: TPublicEvent;
  busy: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  onSubmit: (order: TTicketOrderRequest) => void;
};

type Person = { name: string; email: string; answers?: Answers };
type TicketType = TPublicEvent['ticket_types'][number];

// m19: members-only tickets and member prices (docs/product/events.md#member-tickets): the server checks
// the membership and prices the order; the page only shows what a member would pay.
const forMember = (t: TicketType) => Boolean(t.members_only) || (t.member_price_minor ?? null) !== null;
const tierList = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

function Field(props: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  type?: string;
  inputMode?: 'decimal' | 'email' | 'text';
  autoComplete?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="kd-field">
      <label className="kd-label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="kd-input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      {props.error && (
        <p id={`${props.id}-error`} className="kd-field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function TicketForm({ event, busy, failure, onSubmit }: Props) {
  const format = eventFormat(event);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [prices, setPrices] = useState<Record<number, string>>({});
  const [buyer, setBuyer] = useState({ first_name: '', last_name: '', email: '' });
  const [people, setPeople] = useState<Person[]>([]);
  const [code, setCode] = useState('');
  const [gift, setGift] = useState('');
  const [member, setMember] = useState({ number: '', email: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...(failure?.fields ?? {}), ...local };

  const chosen = event.ticket_types.filter((t) => (quantities[t.id] ?? 0) > 0);
  const slots = chosen.flatMap((t) => Array.from({ length: quantities[t.id] ?? 0 }, (_, i) => ({ type: t, i })));
  const memberTypes = chosen.filter(forMember);
  const asMember = memberTypes.length > 0 && member.number.trim() !== '';
  const priceOf = (t: TicketType) => {
    if (asMember && t.pricing === 'fixed' && typeof t.member_price_minor === 'number') return t.member_price_minor;
    if (t.pricing !== 'pay_what_you_want') return t.pricing === 'free' ? 0 : t.price_minor;
    const typed = toMinorUnits(prices[t.id] || '0', event.currency);
    return typed.ok ? Math.max(typed.minor, 0) : 0;
  };
  const giftMinor = (() => {
    const parsed = toMinorUnits(gift || '0', event.currency);
    return parsed.ok ? parsed.minor : 0;
  })();
  const subtotal = chosen.reduce((n, t) => n + priceOf(t) * (quantities[t.id] ?? 0), 0);
  const person = (i: number): Person => people[i] ?? { name: '', email: '' };
  const setPerson = (i: number, patch: Partial<Person>) =>
    setPeople((list) => {
      const next = [...list];
      next[i] = { ...person(i), ...patch };
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (slots.length === 0) found.lines = 'Choose at least one ticket.';
    const parsedGift = toMinorUnits(gift || '0', event.currency);
    if (!parsedGift.ok) found.gift_minor = parsedGift.error;
    const only = memberTypes.find((t) => t.members_only);
    if (only && !asMember) found['member.number'] = EVENT_MESSAGES.memberRequired(only.name);
    setLocal(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({
      lines: chosen.map((t) => ({
        ticket_type_id: t.id,
        quantity: quantities[t.id] ?? 0,
        ...(t.pricing === 'pay_what_you_want' ? { price_minor: priceOf(t) } : {}),
      })),
      buyer,
      // The first attendee defaults to the buyer, the usual case.
      attendees: slots.map((_, i) => {
        const p = person(i);
        const self =
          i === 0
            ? { name: `${buyer.first_name} ${buyer.last_name}`.trim(), email: buyer.email }
            : { name: '', email: '' };
        return { name: p.name || self.name, email: p.email || self.email, answers: p.answers ?? {} };
      }),
      discount_code: code,
      gift_minor: parsedGift.ok ? parsedGift.minor : 0,
      ...(asMember ? { member: { number: member.number.trim(), email: member.email.trim() } } : {}),
    });
  };

  return (
    <form className="kindling-donation-form ke-order" onSubmit={submit} noValidate aria-labelledby="ke-tickets-heading">
      <h2 id="ke-tickets-heading" className="kd-section-title">
        Tickets
      </h2>
      <ul className="ke-types">
        {event.ticket_types.map((t) => {
          const left = t.remaining;
          const max = Math.max(0, Math.min(t.per_order_limit, left ?? t.per_order_limit));
          const soldOut = left === 0;
          const id = `ke-qty-${t.id}`;
          return (
            <li key={t.id} className="ke-type">
              <div>
                <label htmlFor={id} className="ke-type-name">
                  {t.name}
                </label>
                <p className="kd-hint">
                  {t.pricing === 'free'
                    ? 'Free'
                    : t.pricing === 'pay_what_you_want'
                      ? `Pay what you want, from ${format.money(t.price_minor)}`
                      : format.money(t.price_minor)}
                  {t.attendees_per_ticket > 1 ? ` · admits ${t.attendees_per_ticket}` : ''}
                  {typeof t.member_price_minor === 'number'
                    ? ` · Members pay ${format.money(t.member_price_minor)}`
                    : ''}
                  {t.members_only ? ' · Members only' : ''}
                  {forMember(t) && t.member_tiers?.length ? ` (${tierList(t.member_tiers)} members)` : ''}
                  {soldOut ? ' · Sold out' : left !== null && left <= 10 ? ` · Only ${left} left` : ''}
                </p>
                {t.description && <p className="kd-hint">{t.description}</p>}
              </div>
              <select
                id={id}
                className="kd-input ke-qty"
                disabled={!t.on_sale || soldOut}
                value={quantities[t.id] ?? 0}
                onChange={(e) => {
                  // Read now: React may run the updater after the event's currentTarget is gone.
                  const quantity = Number(e.currentTarget.value);
                  setQuantities((q) => ({ ...q, [t.id]: quantity }));
                }}
              >
                {Array.from({ length: max + 1 }, (_, n) => n).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              {t.pricing === 'pay_what_you_want' && (quantities[t.id] ?? 0) > 0 && (
                <Field
                  id={`ke-price-${t.id}`}
                  label={`Your price per ${t.name} ticket`}
                  inputMode="decimal"
                  value={prices[t.id] ?? ''}
                  onChange={(v) => setPrices((p) => ({ ...p, [t.id]: v }))}
                />
              )}
            </li>
          );
        })}
      </ul>
      {errors.lines && (
        <p className="kd-field-error" role="alert">
          {errors.lines}
        </p>
      )}
      {slots.length > 0 && (
        <>
          <h2 className="kd-section-title">Your details</h2>
          <Field
            id="ke-first"
            label="First name"
            autoComplete="given-name"
            value={buyer.first_name}
            error={errors['buyer.first_name']}
            onChange={(v) => setBuyer((b) => ({ ...b, first_name: v }))}
          />
          <Field
            id="ke-last"
            label="Last name"
            autoComplete="family-name"
            value={buyer.last_name}
            error={errors['buyer.last_name']}
            onChange={(v) => setBuyer((b) => ({ ...b, last_name: v }))}
          />
          <Field
            id="ke-email"
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={buyer.email}
            error={errors['buyer.email']}
            onChange={(v) => setBuyer((b) => ({ ...b, email: v }))}
          />
          <h2 className="kd-section-title">Attendees</h2>
          {slots.map((slot, i) => (
            <fieldset key={`${slot.type.id}-${slot.i}`} className="ke-attendee">
              <legend>
                {slot.type.name} {slot.i + 1}
                {i === 0 ? ' (you, unless you change it)' : ''}
              </legend>
              <Field
                id={`ke-att-name-${i}`}
                label="Attendee name"
                value={person(i).name}
                error={errors[`attendees.${i}.name`]}
                onChange={(v) => setPerson(i, { name: v })}
              />
              <Field
                id={`ke-att-email-${i}`}
                label="Attendee e-mail"
                type="email"
                inputMode="email"
                value={person(i).email}
                error={errors[`attendees.${i}.email`]}
                onChange={(v) => setPerson(i, { email: v })}
              />
              {/* tix18c: the event's questions, once per ticket. */}
              <AttendeeQuestions
                prefix={`ke-att-${i}`}
                questions={event.questions}
                answers={person(i).answers ?? {}}
                errors={errors}
                index={i}
                onChange={(answers) => setPerson(i, { answers })}
              />
            </fieldset>
          ))}
          {memberTypes.length > 0 && (
            <fieldset className="ke-attendee ke-member">
              <legend>Your membership</legend>
              <p className="kd-hint">
                {memberTypes.some((t) => t.members_only) ? 'Members-only tickets' : 'Member prices'} need the number on
                your member card and your e-mail as a member. We check them when you continue.
              </p>
              <Field
                id="ke-member-number"
                label="Member number"
                value={member.number}
                error={errors['member.number']}
                autoComplete="off"
                onChange={(v) => setMember((m) => ({ ...m, number: v }))}
              />
              <Field
                id="ke-member-email"
                label="Member e-mail"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={member.email}
                error={errors['member.email']}
                onChange={(v) => setMember((m) => ({ ...m, email: v }))}
              />
            </fieldset>
          )}
          {event.has_discount_codes && (
            <Field
              id="ke-code"
              label="Discount code"
              value={code}
              error={errors.discount_code}
              onChange={(v) => setCode(v.toUpperCase())}
            />
          )}
          {event.gift_ask && (
            <Field
              id="ke-gift"
              label={`Add a gift to ${event.organisation} (optional)`}
              inputMode="decimal"
              value={gift}
              error={errors.gift_minor}
              onChange={setGift}
            />
          )}
          <p className="ke-total" aria-live="polite">
            Order total: <strong>{format.money(subtotal + giftMinor)}</strong>
            {asMember ? ' with member prices' : ''}
            {code ? ' before your discount' : ''}
          </p>
        </>
      )}
      {failure?.message && (
        <p className="kd-field-error" role="alert">
          {failure.message}
        </p>
      )}
      <button type="submit" className="kd-button kd-primary kd-cta" disabled={busy || !event.on_sale}>
        {busy ? 'Holding your seats…' : event.on_sale ? 'Continue to payment' : 'Tickets are not on sale'}
      </button>
    </form>
  );
}
