import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@kindling/contracts';
import { AppError } from '../../platform/http/app-error.ts';

// Addresses a webhook may never reach in production (docs/product/integrations.md#webhooks): a
// delivery is a request our server makes, so an endpoint inside our network would be a way in (SSRF).
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

export type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

/**
 * The one rule for where a webhook may point: http(s) always; in production, every address the host
 * resolves to must be public. Outside production (tests, the demo receiver on this server) local
 * addresses are allowed. Checked when an endpoint is saved and again before each delivery, since DNS
 * can change in between.
 */
export async function assertWebhookUrl(raw: string, options: { production: boolean; resolve?: Resolve }): Promise<URL> {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new AppError('VALIDATION_FAILED', WEBHOOK_MESSAGES.url, { url: WEBHOOK_MESSAGES.url });
  }
  if (!options.production) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (options.resolve ?? resolveAll)(host);
  } catch {
    throw new AppError('UNPROCESSABLE', WEBHOOK_MESSAGES.urlUnresolved, { url: WEBHOOK_MESSAGES.urlUnresolved });
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new AppError('UNPROCESSABLE', WEBHOOK_MESSAGES.urlPrivate, { url: WEBHOOK_MESSAGES.urlPrivate });
  }
  return url;
}
