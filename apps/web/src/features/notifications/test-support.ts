import type { TNotification, TNotificationsResponse } from '@kindling/contracts';
import type { Consumer } from '@rails/actioncable';
import { vi } from 'vitest';

type Mixin = {
  received: (message: unknown) => void;
  connected: (info?: { reconnected?: boolean }) => void;
  disconnected: () => void;
  rejected: () => void;
};

/** A stand-in Action Cable consumer: tests play the server by calling the subscription's callbacks. */
export function fakeConsumer() {
  const subscriptions: Array<{ params: unknown; mixin: Mixin }> = [];
  let open = false;
  const consumer = {
    subscriptions: {
      create: (params: unknown, mixin: Mixin) => {
        subscriptions.push({ params, mixin });
        return {};
      },
    },
    connect: vi.fn(() => {
      open = true;
    }),
    disconnect: vi.fn(() => {
      open = false;
    }),
    connection: { isOpen: () => open },
  };
  return {
    consumer: consumer as unknown as Consumer,
    spies: consumer,
    subscriptions,
    setOpen: (value: boolean) => {
      open = value;
    },
    /** The latest subscription's callbacks. */
    mixin: () => {
      const last = subscriptions.at(-1);
      if (!last) throw new Error('nothing subscribed');
      return last.mixin;
    },
  };
}

export function notification(
  id: number,
  overrides: { read?: boolean; title?: string; link?: string } = {},
): TNotification {
  return {
    id,
    kind: 'donation.received',
    title: overrides.title ?? `New donation ${id}`,
    message: `Donor ${id} gave $25.00.`,
    metadata: { created_at: new Date(Date.now() - 5 * 60_000).toISOString(), link: overrides.link },
    notification_recipients: [
      { id: 100 + id, npo_user_id: 42, read_at: overrides.read ? new Date().toISOString() : null, dismissed_at: null },
    ],
  };
}

export function listResponse(
  items: TNotification[],
  extra: Partial<TNotificationsResponse> = {},
): TNotificationsResponse {
  return {
    notifications: items,
    total: items.length,
    unread_count: items.filter((n) => n.notification_recipients[0]?.read_at === null).length,
    page: 1,
    per_page: 20,
    ...extra,
  };
}
