// Test support: a gift through the real checkout calls (intent, the sandbox card form with 4242,
// confirm_payment), the sandbox's signed webhook for it, and the mail outbox read as MIME parts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type TPublicCampaign, ZConfirmPaymentResponse, ZCreateIntentResponse } from '@kindling/contracts';
import { expect } from 'vitest';
import { buildSandboxEvent, sandboxWebhookKey } from '../src/modules/payments/providers/sandbox/sandbox.webhooks.ts';
import type { TestContext } from './test-app.ts';
import { TestClient } from './test-client.ts';

export type Gift = {
  amount: number;
  currency: string;
  email: string;
  interval?: string;
  included_fees?: number;
  /** The campaign or peer page given through (spring-appeal when not named). */
  campaign_url?: string;
  /** More confirm_payment fields: gift_aid, address, create_donor_account… */
  extra?: Record<string, unknown>;
};

export async function springAppeal(client: TestClient, campaignUrl = 'spring-appeal'): Promise<TPublicCampaign> {
  const res = await client.get(`/api/v1/npo_admin/campaign_page?campaign_url=${campaignUrl}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().campaign;
}

/** Pays with the sandbox's good card and returns the confirm call (call it as often as a test likes). */
export async function payForGift(ctx: TestContext, gift: Gift) {
  const client = new TestClient(ctx.app);
  const campaign = await springAppeal(client, gift.campaign_url);
  const amounts = {
    campaign_id: campaign.campaign_id,
    peer_campaign_id: campaign.peer_campaign_id ?? null,
    amount: gift.amount,
    currency: gift.currency,
    interval: gift.interval ?? 'once',
    payment_method: 'card',
    included_fees: gift.included_fees ?? 0,
  };
  const res = await client.post('/api/v1/npo_admin/intent', amounts);
  expect(res.statusCode, res.body).toBe(200);
  const { intent } = ZCreateIntentResponse.parse(res.json());
  const paid = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card_number: '4242424242424242',
    exp: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const confirm = async () => {
    const answer = await client.post('/api/v1/npo_admin/confirm_payment', {
      ...amounts,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: gift.email,
      payment_intent: intent.id,
      ...gift.extra,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = ZConfirmPaymentResponse.parse(answer.json());
    expect(body.status).toBe('success');
    if (!body.donation) throw new Error('no donation recorded');
    return body.donation;
  };
  /** The provider's signed event for this payment, as the sandbox would deliver it. */
  const webhook = () => {
    const event = buildSandboxEvent(sandboxWebhookKey(ctx.config.sessionSecret), 'payment.succeeded', {
      id: intent.id,
      npo_id: campaign.npo_id,
      account_id: null,
      amount_minor: gift.amount,
      currency: gift.currency,
      metadata: { npo_id: String(campaign.npo_id), campaign_id: String(campaign.campaign_id), donor_email: gift.email },
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/sandbox',
      payload: event.rawBody,
      headers: event.headers,
    });
  };
  return { campaign, intent, confirm, webhook };
}

export type MimePart = { headers: string; body: Buffer };

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes);
}

/** The leaf parts of a MIME message, bodies decoded (base64, quoted-printable or as is). */
export function mimeParts(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary && /content-type:\s*multipart\//i.test(headers)) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((segment) => mimeParts(segment.replace(/^\r?\n/, '')));
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return [{ headers, body: Buffer.from(body.replace(/\s+/g, ''), 'base64') }];
  if (encoding === 'quoted-printable') return [{ headers, body: decodeQuotedPrintable(body) }];
  return [{ headers, body: Buffer.from(body, 'utf8') }];
}

export type Mail = { file: string; to: string; subject: string; text: string; pdf: Buffer | null; parts: MimePart[] };

function decodeSubject(headers: string): string {
  const line = /^subject:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?Q\?([^?]*)\?=\s*/gi, (_m, q: string) =>
      decodeQuotedPrintable(q.replaceAll('_', ' ')).toString(),
    )
    .trim();
}

/** Every message in the outbox, oldest first, with its text part and PDF attachment. */
export async function readMail(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(dir, file), 'utf8');
      const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
      const parts = mimeParts(raw);
      const text = parts.find((p) => /content-type:\s*text\/plain/i.test(p.headers))?.body.toString('utf8') ?? '';
      const pdf = parts.find((p) => /content-type:\s*application\/pdf/i.test(p.headers))?.body ?? null;
      const to = /^to:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
      return { file, to, subject: decodeSubject(headers), text, pdf, parts };
    }),
  );
}

/** Waits until `count` messages to `to` exist, then a little longer to see that no more arrive. */
export async function mailTo(dataDir: string, to: string, count = 1, settleMs = 400): Promise<Mail[]> {
  const mine = async () => (await readMail(dataDir)).filter((m) => m.to.includes(to));
  const end = Date.now() + 10_000;
  while ((await mine()).length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, settleMs));
  return mine();
}
