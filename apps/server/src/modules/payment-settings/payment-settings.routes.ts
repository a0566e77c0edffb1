import {
  ORGANISATION_SETTINGS_CODES,
  ZExchangeRatesResponse,
  ZManualRateRequest,
  ZMethodsRequest,
  ZMethodsResponse,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import { addManualRate, deleteManualRate, getExchangeRates, refreshRates } from './exchange-rates.service.ts';
import { getMethods, setCampaignMethods, setOrganisationMethods } from './payment-methods.service.ts';

const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const methods = { response: { 200: ZMethodsResponse } };
const rates = { response: { 200: ZExchangeRatesResponse } };

/**
 * /stripe-methods and /exchange-rates under /api/v1/payment_settings. Reading is the admin group's
 * (finance included, docs/product/sign-in.md#route-access); changing needs an organisation-settings
 * role and the settings.payments permission (docs/product/team.md#permissions).
 */
export async function paymentSettingsRoutes(app: FastifyInstance, deps: { db: Db; config: Config }): Promise<void> {
  const { db, config } = deps;
  const read = requireAccess('admin');
  const change = [requireAccess(ORGANISATION_SETTINGS_CODES), requirePermission('settings.payments')];
  const npoOf = (request: FastifyRequest) => organisationSessionOf(request, 'admin').selectedNpoId;
  const actor = (request: FastifyRequest) => ({
    session: organisationSessionOf(request, ORGANISATION_SETTINGS_CODES),
    ip: request.ip ?? null,
  });

  const m = zodRouter(app, 'Payment methods');
  m.get('/payment_settings/methods', { preHandler: read, schema: methods }, async (request) =>
    getMethods(db, config, npoOf(request)),
  );
  m.put(
    '/payment_settings/methods',
    { preHandler: change, schema: { body: ZMethodsRequest, ...methods } },
    async (request) => setOrganisationMethods(db, config, actor(request), request.body.methods),
  );
  m.put(
    '/payment_settings/campaigns/:id/methods',
    { preHandler: change, schema: { params: ZIdParams, body: ZMethodsRequest, ...methods } },
    async (request) => setCampaignMethods(db, config, actor(request), request.params.id, request.body.methods),
  );
  m.delete(
    '/payment_settings/campaigns/:id/methods',
    { preHandler: change, schema: { params: ZIdParams, ...methods } },
    async (request) => setCampaignMethods(db, config, actor(request), request.params.id, null),
  );

  const r = zodRouter(app, 'Exchange rates');
  r.get('/payment_settings/exchange_rates', { preHandler: read, schema: rates }, async (request) =>
    getExchangeRates(deps, npoOf(request)),
  );
  r.post(
    '/payment_settings/exchange_rates',
    { preHandler: change, schema: { body: ZManualRateRequest, response: { 201: ZExchangeRatesResponse } } },
    async (request, reply) => reply.status(201).send(await addManualRate(deps, actor(request), request.body)),
  );
  r.delete(
    '/payment_settings/exchange_rates/:id',
    { preHandler: change, schema: { params: ZIdParams, ...rates } },
    async (request) => deleteManualRate(deps, actor(request), request.params.id),
  );
  r.post('/payment_settings/exchange_rates/refresh', { preHandler: change, schema: rates }, async (request) =>
    refreshRates(deps, actor(request).session.selectedNpoId),
  );
}
