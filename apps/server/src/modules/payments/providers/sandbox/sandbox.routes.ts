// The sandbox provider's own endpoints: the card form's confirmation and the PayPal-like
// approval page. Registered only while the sandbox is the payment provider.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../../platform/config/config.ts';
import { formatFor } from '../../../../platform/format/format.ts';
import { AppError } from '../../../../platform/http/app-error.ts';
import { CSRF_COOKIE, csrfTokenFor, isCsrfTokenValid } from '../../../../platform/http/csrf.ts';
import { isCrossSiteRequest, isTrustedOrigin } from '../../../../platform/http/origins.ts';
import { PUBLIC_ROUTE } from '../../../../platform/http/route-access.ts';
import { zodRouter } from '../../../../platform/http/router.ts';
import { hmacHex, safeEqual } from '../../../../platform/security/tokens.ts';
import { isSameOriginRedirect } from '../../../sandbox/index.ts';
import { ProviderError } from '../provider-error.ts';
import { providerErrorToAppError } from '../provider-http.ts';
import { type ConfirmResult, SandboxCardError } from './sandbox.card.ts';
import { SandboxDebitError } from './sandbox.debits.ts';
import { renderApprovalError, renderApprovalPage } from './sandbox.page.ts';
import type { SandboxProvider } from './sandbox.provider.ts';
import { SANDBOX_APPROVE_PATH } from './sandbox.wallet.ts';

export const SANDBOX_CONFIRM_PATH = '/api/v1/sandbox/payments/:id/confirm';

const ZConfirmBody = z.object({
  client_secret: z.string().min(1, 'client_secret is required').max(200),
  card_number: z.string().max(40).optional(),
  exp: z.string().max(10).optional(),
  cvc: z.string().max(10).optional(),
  action_confirmed: z.boolean().optional(),
  /** The sandbox wallet button: no card fields, the sheet approved. */
  wallet: z.literal(true).optional(),
  /** The sandbox bank-debit form (decision 038). */
  bank_account: z
    .object({
      holder: z.string().max(200),
      account: z.string().max(40),
      routing: z.string().max(20).optional(),
      mandate: z.boolean(),
    })
    .optional(),
});
const ZToken = z.string().min(1).max(100);
const ZDecision = z.object({
  token: ZToken,
  decision: z.enum(['approve', 'cancel']),
  form_token: z.string().min(1).max(200),
});

export type SandboxRouteDeps = { sandbox: SandboxProvider; config: Config };

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/** Provider errors in the API's one error shape (a decline is not one: see last_payment_error). */
function toAppError(error: unknown): unknown {
  if (error instanceof SandboxCardError || error instanceof SandboxDebitError) {
    return new AppError('VALIDATION_FAILED', error.providerMessage, error.fields);
  }
  if (!(error instanceof ProviderError)) return error;
  if (error.details.providerCode === 'client_secret_mismatch') return new AppError('FORBIDDEN', error.providerMessage);
  return providerErrorToAppError(error);
}

/** The payment after the card form's confirmation, as Stripe's confirm answers the intent. */
const ZConfirmResponse = z.object({
  id: z.string(),
  status: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  next_action: z.object({ type: z.literal('sandbox_extra_confirmation') }).nullable(),
  /** A decline: the payer's message, as Stripe.js resolves a declined confirmation (not an HTTP failure). */
  last_payment_error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

const confirmBody = ({ payment, nextAction }: ConfirmResult): z.infer<typeof ZConfirmResponse> => ({
  id: payment.id,
  status: payment.status,
  amount_minor: payment.amountMinor,
  currency: payment.currency,
  next_action: nextAction ? { type: 'sandbox_extra_confirmation' } : null,
  last_payment_error:
    payment.status === 'requires_payment_method' && payment.failureMessage
      ? { code: payment.failureCode ?? 'card_declined', message: payment.failureMessage }
      : null,
});

export async function sandboxPaymentRoutes(app: FastifyInstance, { sandbox, config }: SandboxRouteDeps): Promise<void> {
  // The approval page posts a plain form; the app may already read those bodies.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  const r = zodRouter(app, 'Sandbox provider');

  r.post(
    SANDBOX_CONFIRM_PATH,
    {
      // Only while the sandbox is the provider: the card form's stand-in for Stripe's confirm call.
      config: { ...PUBLIC_ROUTE, openapi: { responses: { 200: ZConfirmResponse } } },
      schema: { params: z.object({ id: z.string().min(1).max(100) }), body: ZConfirmBody },
    },
    async (request, reply) => {
      const { client_secret, card_number, exp, cvc, action_confirmed, wallet, bank_account } = request.body;
      const card = card_number !== undefined ? { cardNumber: card_number, exp: exp ?? '', cvc: cvc ?? '' } : undefined;
      const result = await sandbox
        .confirmIntent({
          id: request.params.id,
          clientSecret: client_secret,
          ...(card ? { card } : {}),
          ...(action_confirmed !== undefined ? { actionConfirmed: action_confirmed } : {}),
          ...(wallet ? { wallet } : {}),
          ...(bank_account ? { bank: bank_account } : {}),
        })
        .catch((error) => {
          throw toAppError(error);
        });
      // A decline is an outcome the form shows the payer, not a failed request: 200 with
      // last_payment_error, as Stripe.js resolves a declined confirmation (a 402 would log an error
      // in the donor's browser console).
      return reply.send(confirmBody(result));
    },
  );

  registerApprovalPage(app, sandbox, config);
}

function registerApprovalPage(app: FastifyInstance, sandbox: SandboxProvider, config: Config) {
  const secret = config.sessionSecret;
  const ownOrigins = [...config.trustedOrigins, ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [])];
  const formToken = (csrf: string, token: string) =>
    hmacHex(secret, `sandbox-paypal-approve:${csrf.length}:${csrf}:${token}`);
  const invalid = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      renderApprovalError(
        'This approval link is not valid',
        'It is unknown or was already used. Go back to the donation form and try again.',
      ),
    );

  /** Only our own page in this browser may decide: its csrf_token cookie and the form token agree. */
  const isGenuinePost = (request: FastifyRequest, token: string, sent: string) => {
    const csrf = request.cookies[CSRF_COOKIE];
    return (
      !isCrossSiteRequest(request, ownOrigins) &&
      !!csrf &&
      isCsrfTokenValid(secret, request.session?.id ?? '', csrf) &&
      safeEqual(sent, formToken(csrf, token))
    );
  };

  const r = zodRouter(app, 'Sandbox provider');
  r.get(
    SANDBOX_APPROVE_PATH,
    { schema: { querystring: z.object({ token: z.string().max(100).default('') }) } },
    async (request, reply) => {
      const approvable = await sandbox.describeApproval(request.query.token);
      if (!approvable) return invalid(reply);
      const html = renderApprovalPage({
        action: SANDBOX_APPROVE_PATH,
        kind: approvable.kind,
        amount:
          approvable.amountMinor === null
            ? null
            : formatFor({ locale: approvable.locale, timeZone: 'UTC' }).money(
                approvable.amountMinor,
                approvable.currency ?? 'USD',
              ),
        description: approvable.description,
        hidden: {
          token: approvable.token,
          form_token: formToken(csrfTokenFor(request, reply, secret), approvable.token),
        },
      });
      return sendPage(reply, 200, html);
    },
  );

  r.post(SANDBOX_APPROVE_PATH, async (request, reply) => {
    const parsed = ZDecision.safeParse(request.body);
    if (!parsed.success) return invalid(reply);
    const { token, decision, form_token } = parsed.data;
    if (!isGenuinePost(request, token, form_token)) {
      return sendPage(
        reply,
        403,
        renderApprovalError('This page has expired', 'Go back to the donation form and choose PayPal again.'),
      );
    }
    // Never an open redirect: both addresses must be ours before anything changes.
    const isOwn = (origin: string) => isTrustedOrigin(request, origin, ownOrigins);
    const approvable = await sandbox.describeApproval(token);
    const urls = [approvable?.returnUrl, approvable?.cancelUrl];
    if (!approvable || urls.some((url) => !url || !isSameOriginRedirect(url, isOwn))) return invalid(reply);
    const target = await sandbox.decideApproval(token, decision === 'approve');
    if (!target) return invalid(reply);
    return reply.redirect(target, 303);
  });
}
