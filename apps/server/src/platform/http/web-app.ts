import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isReservedCampaignUrl } from '@kindling/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverRoot } from '../server-root.ts';
import { scriptSrcWithNonce, withCustomJs } from './custom-js-page.ts';
// events18: the public event page.
import { registerEventPage, registerInlinedPage } from './event-page-html.ts';
// pay25: the public payment page.
import { registerPayPage } from './pay-page-html.ts';

export const webDistDir = path.resolve(serverRoot, '../web/dist');

/**
 * The HTML for a page path: the public donation page (dist/donate.html, decision 006) for campaign
 * addresses, else the staff single-page app's index.html. null when that build is missing.
 */
export type IndexHtmlReader = (pathname?: string) => Promise<PageHtml | null>;
export type PageHtml = {
  html: string;
  status: number;
  donate: boolean;
  frameable: boolean;
  /** Custom JS: the nonce of the campaign's script in this response, for its Content-Security-Policy. */
  nonce?: string | null;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const DONATE_PREFIXES = new Set(['raise', 'subscriptions', 'campaign-embed']);

/**
 * /raise/x, /subscriptions/x, /campaign-embed/x, and any single segment that is not a route of
 * the staff app (the reserved campaign URLs) are public donation pages.
 */
export function donatePageOf(
  pathname: string,
): { kind: 'page' | 'raise' | 'subscriptions' | 'embed'; key: string } | null {
  const parts = pathname.split('/').filter(Boolean);
  let segments: string[];
  try {
    segments = parts.map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  const [first, second] = segments;
  if (segments.length === 1 && first && !isReservedCampaignUrl(first)) return { kind: 'page', key: first };
  if (segments.length === 2 && first && second && DONATE_PREFIXES.has(first)) {
    const kind = first === 'campaign-embed' ? 'embed' : (first as 'raise' | 'subscriptions');
    return { kind, key: second };
  }
  return null;
}

/** A file's text, re-read when it changes, so a rebuild while the server runs is picked up. */
function cachedFile(file: string): () => string | null {
  let cached: { mtimeMs: number; text: string } | null = null;
  return () => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: fs.readFileSync(file, 'utf8') };
      return cached.text;
    } catch {
      return null;
    }
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Places the campaign in the donate page (one read through the campaigns module's public route,
 * with its cache), so the form renders without a second round trip; the page still fetches when
 * it is missing. A campaign that does not exist (or is not active) answers 404 with the same page,
 * which shows its friendly not-found state.
 */
async function withCampaign(
  app: FastifyInstance,
  html: string,
  page: NonNullable<ReturnType<typeof donatePageOf>>,
  origin = '',
) {
  const api =
    page.kind === 'embed' && /^\d+$/.test(page.key)
      ? `/api/v1/npo_admin/campaigns/${page.key}`
      : `/api/v1/npo_admin/campaign_page?campaign_url=${encodeURIComponent(page.key)}`;
  const response = await app.inject({ method: 'GET', url: api, headers: { accept: 'application/json' } });
  if (response.statusCode === 404) return { html, status: 404 };
  if (response.statusCode !== 200) return { html, status: 200 };
  let name = '';
  let script = '';
  let meta = '';
  try {
    const campaign = (JSON.parse(response.body) as { campaign?: { name?: unknown; custom_js?: unknown } }).campaign;
    name = String(campaign?.name ?? '');
    // p2p16: shared links show the page's picture and title (decision 044).
    if (page.kind !== 'embed') meta = shareMetaTags(campaign, origin, page);
    // Custom JS runs on the campaign's own pages, not inside other sites' frames (decision 036).
    if (page.kind !== 'embed' && typeof campaign?.custom_js === 'string') script = campaign.custom_js;
  } catch {
    return { html, status: 200 };
  }
  // '<' escaped so no value can close the script element; JSON.parse reads \u003c back as '<'.
  const json = response.body.replace(/</g, '\\u003c');
  const withData = html
    .replace('</body>', `<script type="application/json" id="kindling-campaign">${json}</script></body>`)
    .replace('<title>Donate</title>', `<title>Donate to ${escapeHtml(name)}</title>${meta}`);
  return { ...withCustomJs(withData, script), status: 200 };
}

type ShareFields = {
  name?: unknown;
  call_to_action?: unknown;
  image_url?: unknown;
  peer?: { name?: unknown; owner_name?: unknown; campaign_url?: unknown } | null;
};

/**
 * Open Graph and Twitter card tags (decision 044), so a shared link shows the page's picture and
 * title: a fundraiser's page by its own title. Every value is escaped; the picture is made absolute.
 */
function shareMetaTags(campaign: ShareFields | undefined, origin: string, page: { kind: string; key: string }) {
  if (!campaign) return '';
  const peer = campaign.peer ?? null;
  const title = String(peer?.name ?? campaign.name ?? '');
  const description = peer
    ? `${String(peer.owner_name ?? '') || 'A supporter'} is fundraising for ${String(campaign.name ?? '')}`
    : String(campaign.call_to_action ?? '') || `Give to ${String(campaign.name ?? '')}`;
  const image = typeof campaign.image_url === 'string' && campaign.image_url ? campaign.image_url : '';
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const path = page.kind === 'raise' ? `/raise/${page.key}` : `/${page.key}`;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${origin}${path}`],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (image) tags.push(['property', 'og:image', absolute(image)], ['name', 'twitter:image', absolute(image)]);
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('');
}

/** What the card and wallet providers' own scripts, frames and calls need (Stripe.js, PayPal JS SDK). */
const PROVIDER_SOURCES: Record<string, string[]> = {
  'script-src': [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://*.paypal.com',
    'https://*.paypalobjects.com',
  ],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://*.paypal.com'],
  'connect-src': ['https://api.stripe.com', 'https://*.stripe.com', 'https://*.paypal.com'],
};

/**
 * The donate pages' security headers: helmet's policy plus the payment providers' sources, and for
 * the embed page any site may frame it (no X-Frame-Options, frame-ancestors *). Every other page
 * keeps helmet's headers untouched.
 */
export function applyDonatePageHeaders(reply: FastifyReply, frameable: boolean, nonce?: string | null): void {
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    const directives = csp
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d && !(frameable && d.startsWith('frame-ancestors')))
      .map((d) => {
        const name = d.split(/\s+/)[0] ?? '';
        const extra = PROVIDER_SOURCES[name];
        return extra ? `${d} ${extra.join(' ')}` : d;
      });
    // A directive the policy leaves out falls back to default-src, which is 'self' here.
    for (const [name, extra] of Object.entries(PROVIDER_SOURCES)) {
      if (!directives.some((d) => d.split(/\s+/)[0] === name)) directives.push(`${name} 'self' ${extra.join(' ')}`);
    }
    if (frameable) directives.push('frame-ancestors *');
    reply.raw.setHeader('content-security-policy', scriptSrcWithNonce(directives, nonce).join(';'));
  }
  if (frameable) reply.raw.removeHeader('x-frame-options');
}

/**
 * Serves the built apps' assets (precompressed .br/.gz when the browser takes them; hashed files
 * under /assets/ cached for a year) and returns the page reader for the not-found handler.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir = webDistDir,
  origin = '',
): Promise<IndexHtmlReader> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
  fs.mkdirSync(distDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(distDir, filePath);
      reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      // The embed snippet's script is loaded by other sites' pages (helmet says same-origin).
      if (relative === 'embed.js') {
        reply.header('cross-origin-resource-policy', 'cross-origin');
        reply.header('cache-control', 'public, max-age=300');
      }
    },
  });
  const readIndex = cachedFile(indexFile);
  const readDonate = cachedFile(path.join(distDir, 'donate.html'));

  const readPage: IndexHtmlReader = async (pathname = '/') => {
    const page = donatePageOf(pathname);
    if (!page) {
      const html = readIndex();
      return html === null ? null : { html, status: 200, donate: false, frameable: false };
    }
    const html = readDonate();
    if (html === null) return null;
    return { ...(await withCampaign(app, html, page, origin)), donate: true, frameable: page.kind === 'embed' };
  };

  const sendPage = async (pathname: string, reply: FastifyReply) => {
    const page = await readPage(pathname);
    if (!page) return reply.callNotFound();
    if (page.donate) applyDonatePageHeaders(reply, page.frameable, page.nonce);
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page.html);
  };
  // The root is a directory to the static plugin; it is the landing page to people.
  app.get('/', (_request, reply) => sendPage('/', reply));
  // Two-segment donate pages: a route, because the static plugin would otherwise look for a file.
  for (const prefix of DONATE_PREFIXES) {
    app.get(`/${prefix}/:key`, (request, reply) => sendPage(request.url.split('?')[0] ?? '', reply));
  }
  // events18: the public event page, a second entry of the donation pages' build.
  registerEventPage(app, distDir, cachedFile, (reply) => applyDonatePageHeaders(reply, false));
  // cf17: the public crowdfunding page, a third entry of the donation pages' build.
  registerInlinedPage(
    { app, distDir, readFile: cachedFile, applyHeaders: (reply) => applyDonatePageHeaders(reply, false) },
    {
      route: '/crowdfunding/:key',
      file: 'crowdfunding.html',
      api: (key) => `/api/v1/crowdfunding_page/${key}`,
      scriptId: 'kindling-crowdfunding',
      title: 'Crowdfunding',
    },
  );
  // pay25: the public payment page /pay/{id}, a third entry of the donation pages' build.
  registerPayPage(app, distDir, cachedFile, (reply) => applyDonatePageHeaders(reply, false));
  // p2p16: the public team page, its own light entry (docs/decisions/079-light-team-page-and-live-leaderboards.md).
  registerInlinedPage(
    { app, distDir, readFile: cachedFile, applyHeaders: (reply) => applyDonatePageHeaders(reply, false) },
    {
      route: '/team-page/:key',
      file: 'team.html',
      api: (key) => `/api/v1/npo_admin/team_page/${key}`,
      scriptId: 'kindling-team',
      title: 'Team',
    },
  );
  return readPage;
}
