// Staff type an event's times as wall clock times of the event's own zone; we store instants.
import { instantIn, wallTimeIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';

export function assertTimeZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    const message = 'Choose a time zone from the list.';
    throw new AppError('VALIDATION_FAILED', message, { time_zone: message });
  }
}

/** 'YYYY-MM-DDTHH:mm' in `zone` as an instant; '' or null stays null. */
export function instantOf(wall: string | null | undefined, zone: string): Date | null {
  if (!wall) return null;
  const [day = '', time = '00:00'] = wall.split('T');
  const [h = 0, m = 0] = time.split(':').map(Number);
  return instantIn(day, (h * 60 + m) * 60_000, zone);
}

/** The wall time an instant shows in `zone`, as the staff form writes it. */
export function wallOf(at: Date | string | null, zone: string): string | null {
  if (at == null) return null;
  const { day, ms } = wallTimeIn(new Date(at), zone);
  const minutes = Math.floor(ms / 60_000);
  return `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
