// The Action Cable JSON protocol (docs/product/notifications.md#live-channel), as the stock @rails/actioncable
// client expects it. Frames are single JSON objects in text frames.

export const CABLE_PROTOCOL = 'actioncable-v1-json';
/** Rails' BEAT_INTERVAL: the client reconnects after 6 s of silence, so ping every 3 s. */
export const PING_INTERVAL_MS = 3_000;

export type DisconnectReason = 'unauthorized' | 'invalid_request' | 'server_restart' | 'remote';

export const frames = {
  welcome: () => JSON.stringify({ type: 'welcome' }),
  ping: (now = Date.now()) => JSON.stringify({ type: 'ping', message: Math.floor(now / 1000) }),
  confirm: (identifier: string) => JSON.stringify({ identifier, type: 'confirm_subscription' }),
  reject: (identifier: string) => JSON.stringify({ identifier, type: 'reject_subscription' }),
  disconnect: (reason: DisconnectReason, reconnect: boolean) =>
    JSON.stringify({ type: 'disconnect', reason, reconnect }),
  /** The raw identifier string is echoed byte-for-byte: the client matches on string equality. */
  data: (identifier: string, message: unknown) =>
    `{"identifier":${JSON.stringify(identifier)},"message":${JSON.stringify(message)}}`,
};

export type ClientCommand =
  | { command: 'subscribe' | 'unsubscribe'; identifier: string; channel: string | null }
  | { command: 'message'; identifier: string; channel: string | null; data: string }
  | { command: 'unknown' };

/** Parses one client frame; anything malformed is an 'unknown' command (Rails logs and ignores it). */
export function parseCommand(raw: string): ClientCommand {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return { command: 'unknown' };
  }
  if (typeof frame !== 'object' || frame === null) return { command: 'unknown' };
  const { command, identifier, data } = frame as Record<string, unknown>;
  if (typeof identifier !== 'string') return { command: 'unknown' };
  const channel = channelOf(identifier);
  if (command === 'subscribe' || command === 'unsubscribe') return { command, identifier, channel };
  if (command === 'message' && typeof data === 'string') return { command, identifier, channel, data };
  return { command: 'unknown' };
}

/** The `channel` inside an identifier (itself a JSON string of the subscription's params). */
function channelOf(identifier: string): string | null {
  try {
    const params = JSON.parse(identifier) as unknown;
    if (
      typeof params === 'object' &&
      params !== null &&
      typeof (params as { channel?: unknown }).channel === 'string'
    ) {
      return (params as { channel: string }).channel;
    }
  } catch {
    // falls through: not a JSON identifier
  }
  return null;
}
