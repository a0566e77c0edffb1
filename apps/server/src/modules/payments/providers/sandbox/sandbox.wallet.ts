// The sandbox's PayPal-like half: orders and vault setup tokens approved on its own page
// (GET /sandbox/paypal/approve?token=…), then captured or turned into a payment token.
import type {
  CapturedOrder,
  CreatedOrder,
  CreatedSetupToken,
  CreateOrderInput,
  CreateSetupTokenInput,
  ProviderAccount,
  SavedPaymentToken,
  WalletOrderStatus,
} from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { checkedMoney, type SandboxContext, toPayment } from './sandbox.context.ts';
import {
  findPayment,
  insertMethod,
  insertPaymentOnce,
  localeOfNpo,
  type SandboxPaymentRow,
  transition,
} from './sandbox.repository.ts';

export const SANDBOX_APPROVE_PATH = '/sandbox/paypal/approve';
/** The payer the sandbox's approval page stands for. */
export const SANDBOX_PAYER_EMAIL = 'buyer@sandbox.kindling.test';
const SANDBOX_PAYER_ID = 'SANDBOXPAYER1';

export type Approvable = {
  token: string;
  kind: 'order' | 'setup_token';
  amountMinor: number | null;
  currency: string | null;
  description: string | null;
  /** The organisation's locale, in which the page writes the amount. */
  locale: string;
  status: string;
  /** Where the payer's decision sends the browser; the page checks they are ours first. */
  returnUrl: string | null;
  cancelUrl: string | null;
};

const approveUrl = (token: string) => `${SANDBOX_APPROVE_PATH}?token=${encodeURIComponent(token)}`;
const captureIdOf = (orderId: string) => orderId.replace(/^order_/, 'capture_');
const notApproved = (what: string) =>
  new ProviderError('sandbox', 'unexpected_state', `The payer has not approved this ${what}.`, { httpStatus: 422 });

/** Adds query parameters to a path or absolute URL (the return address is ours, checked at approval). */
function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target, 'http://sandbox.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return target.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

const ORDER_STATUS: Record<string, WalletOrderStatus> = {
  created: 'created',
  approved: 'approved',
  succeeded: 'completed',
};

const captured = (row: SandboxPaymentRow): CapturedOrder => ({
  ...toPayment(row),
  orderId: row.id,
  captureId: captureIdOf(row.id),
  payerEmail: SANDBOX_PAYER_EMAIL,
});

async function createOrder(ctx: SandboxContext, input: CreateOrderInput): Promise<CreatedOrder> {
  const row = await insertPaymentOnce(ctx.db, {
    id: ctx.newId('order'),
    kind: 'order',
    npoId: input.account.npoId,
    accountId: input.account.accountId,
    ...checkedMoney(input.amountMinor, input.currency),
    status: 'created',
    metadata: { ...input.metadata, ...(input.description ? { description: input.description } : {}) },
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
    idempotencyKey: `order:${input.account.npoId}:${input.idempotencyKey}`,
  });
  return { id: row.id, status: ORDER_STATUS[row.status] ?? 'created', approveUrl: approveUrl(row.id) };
}

/** Captures an approved order once; capturing a captured order answers with that capture. */
async function captureOrder(ctx: SandboxContext, account: ProviderAccount, orderId: string): Promise<CapturedOrder> {
  const row = await ctx.load(account, orderId, ['order']);
  if (row.status === 'succeeded') return captured(row);
  if (row.status !== 'approved') throw notApproved('order');
  const next = await transition(ctx.db, row.id, ['approved'], { status: 'succeeded' });
  // Another request captured it a moment ago: answer with that capture.
  if (!next) return captured(await ctx.load(account, orderId, ['order']));
  ctx.emit('payment.succeeded', next);
  return captured(next);
}

async function createSetupToken(ctx: SandboxContext, input: CreateSetupTokenInput): Promise<CreatedSetupToken> {
  const row = await insertPaymentOnce(ctx.db, {
    id: ctx.newId('vst'),
    kind: 'setup_token',
    npoId: input.account.npoId,
    accountId: input.account.accountId,
    status: 'created',
    metadata: { ...input.metadata, ...(input.description ? { description: input.description } : {}) },
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
    idempotencyKey: `setup:${input.account.npoId}:${input.idempotencyKey}`,
  });
  return { id: row.id, status: 'PAYER_ACTION_REQUIRED', approveUrl: approveUrl(row.id) };
}

/** Vaults an approved setup token once; a repeated call returns the same payment token. */
async function createPaymentToken(
  ctx: SandboxContext,
  account: ProviderAccount,
  setupTokenId: string,
): Promise<SavedPaymentToken> {
  const row = await ctx.load(account, setupTokenId, ['setup_token']);
  if (row.status === 'vaulted' && row.paymentMethodId) {
    return { id: row.paymentMethodId, customerId: null, email: SANDBOX_PAYER_EMAIL };
  }
  if (row.status !== 'approved') throw notApproved('setup token');
  const method = await insertMethod(ctx.db, {
    id: ctx.newId('vt'),
    npoId: row.npoId,
    type: 'paypal',
    payerEmail: SANDBOX_PAYER_EMAIL,
  });
  const next = await transition(ctx.db, row.id, ['approved'], { status: 'vaulted', paymentMethodId: method.id });
  // Another request vaulted it a moment ago: answer with its token.
  if (!next) return createPaymentToken(ctx, account, setupTokenId);
  ctx.emit('setup.succeeded', next);
  return { id: method.id, customerId: null, email: SANDBOX_PAYER_EMAIL };
}

/** What the approval page shows; null for an unknown or finished token. */
async function describeApproval(ctx: SandboxContext, token: string): Promise<Approvable | null> {
  const row = await findPayment(ctx.db, token);
  if (!row || (row.kind !== 'order' && row.kind !== 'setup_token') || row.status !== 'created') return null;
  return {
    token: row.id,
    kind: row.kind,
    amountMinor: row.amountMinor,
    currency: row.currency,
    description: row.metadata.description ?? null,
    locale: await localeOfNpo(ctx.db, row.npoId),
    status: row.status,
    returnUrl: row.returnUrl,
    cancelUrl: row.cancelUrl,
  };
}

/**
 * The payer's decision on the approval page. Returns where to send the browser, with the query
 * PayPal adds: token and PayerID for orders, approval_token_id for vault setup; null when the
 * token is unknown or already decided.
 */
async function decideApproval(ctx: SandboxContext, token: string, approve: boolean): Promise<string | null> {
  const row = await findPayment(ctx.db, token);
  if (!row || (row.kind !== 'order' && row.kind !== 'setup_token')) return null;
  if (!approve) return row.status === 'created' && row.cancelUrl ? withQuery(row.cancelUrl, { token }) : null;
  const next = await transition(ctx.db, token, ['created'], { status: 'approved' });
  if (!next?.returnUrl) return null;
  return next.kind === 'order'
    ? withQuery(next.returnUrl, { token, PayerID: SANDBOX_PAYER_ID })
    : withQuery(next.returnUrl, { approval_token_id: token, approval_session_id: ctx.newId('session') });
}

/** The sandbox's wallet operations bound to one context. */
export function createSandboxWallet(ctx: SandboxContext) {
  return {
    createOrder: (input: CreateOrderInput) => createOrder(ctx, input),
    captureOrder: ({ account, orderId }: { account: ProviderAccount; orderId: string }) =>
      captureOrder(ctx, account, orderId),
    createSetupToken: (input: CreateSetupTokenInput) => createSetupToken(ctx, input),
    createPaymentToken: ({ account, setupTokenId }: { account: ProviderAccount; setupTokenId: string }) =>
      createPaymentToken(ctx, account, setupTokenId),
    describeApproval: (token: string) => describeApproval(ctx, token),
    decideApproval: (token: string, approve: boolean) => decideApproval(ctx, token, approve),
  };
}
