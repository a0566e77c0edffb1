import {
  ZPaypalSettingsRequest,
  ZProcessorsResponse,
  ZStripeAccountRequest,
  ZStripeConnectResponse,
  ZWalletDomainRequest,
  ZWalletDomainsResponse,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { requestOrigin } from '../../platform/http/origins.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import {
  CALLBACK_PATH,
  connectStripeAccount,
  disconnectStripe,
  finishStripeConnect,
  getProcessors,
  type ProcessorsDeps,
  removePaypal,
  savePaypal,
  startStripeConnect,
} from './processors.service.ts';
import { createStripeAccounts } from './stripe-accounts.ts';
import { listWalletDomains, registerWalletDomain } from './wallet-domains.service.ts';

/** /admin/processors is in the admin group (2001, 5150, 6635, 7789; docs/product/sign-in.md#route-access). */
const GROUP = 'admin';
const ok = { response: { 200: ZProcessorsResponse } };

const ZCallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

/** Where the browser lands after the round trip: the web app's page, on the public origin when known. */
const webOrigin = (config: Config) => (config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : '');

/** The selected organisation's payment processors, under /api/v1 (session and CSRF as every call). */
export async function processorRoutes(app: FastifyInstance, options: { db: Db; config: Config }): Promise<void> {
  const deps: ProcessorsDeps = { ...options, stripe: createStripeAccounts(options.config, options.db) };
  const r = zodRouter(app, 'Payment processors');
  const actor = (request: FastifyRequest) => ({
    session: organisationSessionOf(request, GROUP),
    ip: request.ip ?? null,
  });

  // Reading is the admin group's; changing a provider needs settings.payments (docs/product/team.md#permissions).
  const change = [requireAccess(GROUP), requirePermission('settings.payments')];
  r.get('/processors', { preHandler: requireAccess(GROUP), schema: ok }, async (request) =>
    getProcessors(deps, organisationSessionOf(request, GROUP).selectedNpoId),
  );

  r.post(
    '/processors/stripe/connect',
    { preHandler: change, schema: { response: { 200: ZStripeConnectResponse } } },
    async (request) => {
      // Normalised (no default port): Stripe compares redirect_uri with the registered one exactly.
      const origin = webOrigin(options.config) || new URL(requestOrigin(request)).origin;
      return startStripeConnect(deps, organisationSessionOf(request, GROUP), `${origin}${CALLBACK_PATH}`);
    },
  );

  // A plain GET navigation back from Stripe (no CSRF header is possible): the bound state guards it.
  const callback = {
    access: {
      kind: 'optional-session',
      note: "Stripe's redirect back; the state bound to the admin's session decides, and the answer redirects to /admin/processors.",
    },
    openapi: { responses: { 303: { description: 'Back to /admin/processors, with connected=stripe or error=…' } } },
  } as const;
  r.get(
    '/processors/stripe/callback',
    { config: callback, schema: { querystring: ZCallbackQuery } },
    async (request, reply) => {
      const outcome = await finishStripeConnect(deps, request.session, request.query, request.ip ?? null);
      const query = 'connected' in outcome ? 'connected=stripe' : `error=${outcome.error}`;
      return reply.redirect(`${webOrigin(options.config)}/admin/processors?${query}`, 303);
    },
  );

  r.post(
    '/processors/stripe/account',
    { preHandler: change, schema: { body: ZStripeAccountRequest, ...ok } },
    async (request) => connectStripeAccount(deps, actor(request), request.body.account_id),
  );

  r.delete('/processors/stripe', { preHandler: change, schema: ok }, async (request) =>
    disconnectStripe(deps, actor(request)),
  );

  r.put(
    '/processors/paypal',
    { preHandler: change, schema: { body: ZPaypalSettingsRequest, ...ok } },
    async (request) => savePaypal(deps, actor(request), request.body),
  );

  r.delete('/processors/paypal', { preHandler: change, schema: ok }, async (request) =>
    removePaypal(deps, actor(request)),
  );

  // wallet15: Apple Pay / Google Pay domains on the connected Stripe account (decision 038).
  const domains = { response: { 200: ZWalletDomainsResponse } };
  r.get('/processors/stripe/payment_method_domains', { preHandler: requireAccess(GROUP), schema: domains }, (request) =>
    listWalletDomains(deps, organisationSessionOf(request, GROUP).selectedNpoId),
  );
  r.post(
    '/processors/stripe/payment_method_domains',
    { preHandler: change, schema: { body: ZWalletDomainRequest, ...domains } },
    (request) => {
      const { session, ip } = actor(request);
      const who = { npoId: session.selectedNpoId, userId: session.user.id, ip };
      return registerWalletDomain(deps, who, request.body.domain);
    },
  );
}
