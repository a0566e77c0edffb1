import { CONSTANTS } from '@kindling/contracts';
import * as ActionCable from '@rails/actioncable';

/** What a live subscription reports; `received` gets the raw message (callers validate it). */
export type LiveHandlers = {
  received: (message: unknown) => void;
  connected?: (info: { reconnected: boolean }) => void;
  rejected?: () => void;
};

type ConsumerFactory = () => ActionCable.Consumer | null;

// docs/product/notifications.md#live-channel: a stale connection after 6 s of silence, reopen 500 ms after a close.
// Both statics exist in @rails/actioncable but not in its type definitions.
const internals = ActionCable as unknown as {
  ConnectionMonitor: { staleThreshold: number };
  Connection: { reopenDelay: number };
};
internals.ConnectionMonitor.staleThreshold = CONSTANTS.liveStaleThresholdMs / 1000;
internals.Connection.reopenDelay = CONSTANTS.liveReopenDelayMs;

// Under the test runner no socket is opened unless a test supplies a consumer.
let createConsumer: ConsumerFactory = () =>
  import.meta.env.MODE === 'test' ? null : ActionCable.createConsumer('/cable');

/** Tests swap in a consumer (a fake, or the real client on another WebSocket). */
export function setConsumerFactory(factory: ConsumerFactory): void {
  createConsumer = factory;
}

/**
 * Delay before the n-th reconnect poll: from 3 s growing to at most 30 s (docs/product/notifications.md#live-channel).
 */
export const pollDelayMs = (attempt: number): number =>
  Math.min(CONSTANTS.livePollMaxMs, CONSTANTS.livePollMinMs * 1.5 ** attempt);

/**
 * Opens the live channel `/cable` for one signed-in user and subscribes to `channel`; returns the
 * function that closes it (on logout, or when the user changes). Opens nothing without a user id.
 *
 * On a drop it waits 5 s for the client's own reconnect, then disconnects and reopens it itself,
 * polling between 3 and 30 s until it is back (docs/product/notifications.md#live-channel).
 */
export function openLiveChannel(userId: number | null, channel: string, handlers: LiveHandlers): () => void {
  if (userId === null) return () => {};
  const consumer = createConsumer();
  if (!consumer) return () => {};
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const isOpen = () => (consumer as unknown as { connection: { isOpen: () => boolean } }).connection.isOpen();

  const poll = () => {
    timer = setTimeout(() => {
      if (closed || isOpen()) return;
      consumer.connect();
      attempt += 1;
      poll();
    }, pollDelayMs(attempt));
  };

  consumer.subscriptions.create(
    { channel },
    {
      received: (message: unknown) => handlers.received(message),
      connected: (info?: { reconnected?: boolean }) => {
        clearTimer();
        attempt = 0;
        handlers.connected?.({ reconnected: Boolean(info?.reconnected) });
      },
      disconnected: () => {
        if (closed || timer) return;
        timer = setTimeout(() => {
          timer = null;
          if (closed || isOpen()) return;
          consumer.disconnect();
          timer = setTimeout(() => {
            if (closed) return;
            consumer.connect();
            poll();
          }, CONSTANTS.liveReopenDelayMs);
        }, CONSTANTS.liveReconnectDelayMs);
      },
      rejected: () => {
        console.warn('Live notifications: authentication failed');
        handlers.rejected?.();
      },
    },
  );
  return () => {
    closed = true;
    clearTimer();
    consumer.disconnect();
  };
}
