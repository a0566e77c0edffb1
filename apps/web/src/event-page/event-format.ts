// Dates and amounts on the public event page: in the event's own time zone and the organisation's
// locale, small enough for the public bundle (no zod, no React), like the donation form's form-format.ts.
import { formatMoney } from '@kindling/contracts/money-rules.ts';

export type EventFormatSource = { locale: string; time_zone: string; currency: string };

export function eventFormat(event: EventFormatSource) {
  const when = new Intl.DateTimeFormat(event.locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: event.time_zone,
  });
  const time = new Intl.DateTimeFormat(event.locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: event.time_zone,
    timeZoneName: 'short',
  });
  return {
    money: (minor: number) => formatMoney(minor, event.currency, event.locale),
    /** 'Thursday, December 17, 2026 at 6:30 PM – 11:00 PM EST' */
    span: (startsAt: string, endsAt: string) => `${when.format(new Date(startsAt))} – ${time.format(new Date(endsAt))}`,
  };
}
