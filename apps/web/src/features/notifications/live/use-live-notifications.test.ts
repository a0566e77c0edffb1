import type { TNotification } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { toastsHere } from './use-live-notifications.ts';

const notification = (metadata: Record<string, unknown>): TNotification => ({
  id: 1,
  kind: 'donation.received',
  title: 'New donation',
  message: 'Ada gave $25.00.',
  metadata: { created_at: '2026-11-21T10:00:00.000Z', ...metadata },
  notification_recipients: [],
});

describe('which live notifications toast', () => {
  it('toasts a notification of the organisation on screen', () => {
    expect(toastsHere(notification({ npo_id: 7 }), 7)).toBe(true);
  });

  it('keeps quiet about another organisation of a member of two', () => {
    expect(toastsHere(notification({ npo_id: 8 }), 7)).toBe(false);
  });

  it('toasts when no organisation is selected yet or the notification names none', () => {
    expect(toastsHere(notification({ npo_id: 8 }), null)).toBe(true);
    expect(toastsHere(notification({}), 7)).toBe(true);
  });

  // fix15: inviting a fundraiser showed the dialog's toast and this one.
  it('keeps quiet about what the user did themselves, which their screen confirmed already', () => {
    expect(toastsHere(notification({ npo_id: 7, actor_user_id: 42 }), 7, 42)).toBe(false);
    expect(toastsHere(notification({ npo_id: 7, actor_user_id: 42 }), 7, 43)).toBe(true);
  });
});
