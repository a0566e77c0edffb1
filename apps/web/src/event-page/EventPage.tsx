// The public event page (/event-page/{slug}, docs/product/events.md#public-page): the event, its tickets, the
// order, payment through the provider the donation form uses, and the confirmation.
import type {
  TPublicEvent,
  TTicketOrderCreated,
  TTicketOrderRequest,
  TTicketOrderSummary,
} from '@kindling/contracts/events.ts';
import { useEffect, useState } from 'react';
import { getJson, HttpError, postJson } from '../donate/http.ts';
import { EventImages } from './EventImages.tsx';
import { capturePaypalTickets, confirmTicketOrder, EventPayment, PAYMENT_TEXT } from './EventPayment.tsx';
import { eventFormat } from './event-format.ts';
import { TicketForm } from './TicketForm.tsx';
import '../donate/page.css';
import '../donate/donation-form.css';
import '../donate/payment/payment.css';
import './event-page.css';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; event: TPublicEvent };
type Failure = { message: string; fields: Record<string, string> };

/** The event the server placed in the page, else null (then it is fetched). */
function inlineEvent(): TPublicEvent | null {
  const node = document.getElementById('kindling-event');
  try {
    return node?.textContent ? (JSON.parse(node.textContent) as TPublicEvent) : null;
  } catch {
    return null;
  }
}

const failureOf = (error: unknown): Failure => {
  if (!(error instanceof HttpError)) return { message: 'Something went wrong. Please try again.', fields: {} };
  const fields = (error.body as { fields?: Record<string, string> } | null)?.fields ?? {};
  return {
    message:
      Object.keys(fields).length > 0 && error.status === 400 ? 'Please check the highlighted fields.' : error.message,
    fields,
  };
};

function Confirmation({ order, event }: { order: TTicketOrderSummary; event: TPublicEvent }) {
  const format = eventFormat(event);
  return (
    <section className="kindling-donation-form ke-confirmation" aria-labelledby="ke-thanks" tabIndex={-1}>
      <h2 id="ke-thanks">You’re going to {order.event.name}!</h2>
      <p>
        Order confirmed for {order.buyer_name}. We have sent the details to {order.buyer_email}.
      </p>
      <ul className="ke-lines">
        {order.tickets.map((t) => (
          <li key={`${t.type}-${t.attendee_name}-${t.attendee_email}`}>
            {t.type}: {t.attendee_name}
          </li>
        ))}
      </ul>
      <dl className="ke-figures">
        <dt>Tickets</dt>
        <dd>{format.money(order.subtotal_minor)}</dd>
        {order.discount_minor > 0 && (
          <>
            <dt>Discount</dt>
            <dd>−{format.money(order.discount_minor)}</dd>
          </>
        )}
        {order.gift_minor > 0 && (
          <>
            <dt>Gift</dt>
            <dd>{format.money(order.gift_minor)}</dd>
          </>
        )}
        <dt>Paid</dt>
        <dd>{format.money(order.total_minor)}</dd>
      </dl>
      {/* m19: bought with a membership (docs/product/events.md#member-tickets). */}
      {order.member_number && <p className="kd-hint">Member tickets for membership {order.member_number}.</p>}
      {order.receipt_lines.map((line) => (
        <p key={line} className="kd-hint">
          {line}
        </p>
      ))}
      {order.online_url && (
        <p>
          Join online: <a href={order.online_url}>{order.online_url}</a>
        </p>
      )}
      <a className="kd-button kd-secondary" href={`/api/v1/event_page/${event.slug}/calendar.ics`} download>
        Add to calendar
      </a>
    </section>
  );
}

export function EventPage({ pathname }: { pathname: string }) {
  const key = decodeURIComponent(pathname.split('/').filter(Boolean)[1] ?? '');
  const [load, setLoad] = useState<Load>(() => {
    const inline = inlineEvent();
    return inline ? { state: 'ready', event: inline } : { state: 'loading' };
  });
  const [created, setCreated] = useState<TTicketOrderCreated | null>(null);
  const [paid, setPaid] = useState<TTicketOrderSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    if (load.state !== 'loading') return;
    getJson<TPublicEvent>(`/event_page/${encodeURIComponent(key)}`)
      .then((event) => setLoad({ state: 'ready', event }))
      .catch(() => setLoad({ state: 'missing' }));
  }, [load.state, key]);
  useEffect(() => {
    if (load.state === 'ready') document.title = load.event.name;
  }, [load]);
  useEffect(() => {
    if (paid) document.querySelector<HTMLElement>('.ke-confirmation')?.focus();
  }, [paid]);
  // fin18: back from a bank's own confirmation (Stripe's redirect): the order's payment is checked once.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const reference = params.get('order');
    const intent = params.get('payment_intent');
    // e18: back from PayPal's approval (decision 081): PayPal names its order `token`.
    const paypal = params.get('paypal');
    const paypalOrder = params.get('token');
    if (!reference || (!intent && !paypal)) return;
    window.history.replaceState(null, '', window.location.pathname);
    const settle = (answer: Awaited<ReturnType<typeof confirmTicketOrder>>) =>
      'order' in answer ? setPaid(answer.order) : setFailure({ message: answer.message, fields: {} });
    if (intent) confirmTicketOrder(reference, intent).then(settle);
    else if (paypal === 'return' && paypalOrder) capturePaypalTickets(reference, paypalOrder).then(settle);
    else setFailure({ message: PAYMENT_TEXT.paypalCancelled, fields: {} });
  }, []);

  if (load.state === 'loading') return <main className="kd-page ke-page" aria-busy="true" />;
  if (load.state === 'missing')
    return (
      <main className="kd-page ke-page">
        <h1 className="ke-title">We could not find that event.</h1>
      </main>
    );
  const { event } = load;
  const format = eventFormat(event);
  const order = async (body: TTicketOrderRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postJson<TTicketOrderCreated>(`/event_page/${event.slug}/orders`, body);
      if (answer.intent === null) setPaid(answer.order);
      else setCreated(answer);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="kd-page ke-page">
      <header className="ke-header">
        <p className="ke-org">{event.organisation}</p>
        <h1 className="ke-title">{event.name}</h1>
        {event.status === 'cancelled' && <p className="kd-field-error">This event has been cancelled.</p>}
        <p className="ke-when">{format.span(event.starts_at, event.ends_at)}</p>
        <p>
          <a href={`/api/v1/event_page/${event.slug}/calendar.ics`} download>
            Add to calendar
          </a>
        </p>
        {(event.venue_name || event.venue_address) && (
          <p className="ke-venue">
            {[event.venue_name, event.venue_address].filter(Boolean).join(', ')}
            {event.map_url && (
              <>
                {' · '}
                <a href={event.map_url} target="_blank" rel="noopener noreferrer">
                  Map
                </a>
              </>
            )}
          </p>
        )}
        {event.online && <p className="ke-venue">Online: the link is sent to ticket holders.</p>}
      </header>
      <EventImages event={event} />
      {event.description && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the description when staff save it (events module)
        <div className="ke-description" dangerouslySetInnerHTML={{ __html: event.description }} />
      )}
      {paid ? (
        <Confirmation order={paid} event={event} />
      ) : created ? (
        <EventPayment created={created} event={event} onPaid={setPaid} />
      ) : (
        <TicketForm event={event} busy={busy} failure={failure} onSubmit={order} />
      )}
    </main>
  );
}
