// The donor portal API (decision 012) under /api/v1/portal: the link exchange, then the same
// routes for the link's donor (/portal/…, portal cookie) and the signed-in donor
// (/portal/account/…, session). Every answer is about the subject's own gifts and plans.
import {
  ACCESS,
  ZPortalCardSetupComplete,
  ZPortalCardSetupResponse,
  ZPortalGiftResponse,
  ZPortalGiftsResponse,
  ZPortalMemberships,
  ZPortalOverview,
  ZPortalPlanResponse,
  ZPortalPlansResponse,
  ZPortalPlanUpdate,
  ZPortalSessionRequest,
  ZPortalStatementQuery,
  ZRecordIdParams,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { PUBLIC_ROUTE, type RouteAccess } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { verifyPortalToken } from '../../platform/security/portal-link.ts';
import { portalMemberships } from '../memberships/index.ts';
import {
  changePortalPlan,
  currentDonorId,
  type PortalDeps,
  type PortalSubject,
  portalGift,
  portalGifts,
  portalOverview,
  portalPlan,
  portalPlans,
  portalReceipt,
  portalStatement,
  updateChange,
} from './portal.service.ts';
import { completeCardSetup, startCardSetup } from './portal-card.service.ts';
import { endPortalSession, portalSessionOf, startPortalSession } from './portal-session.ts';
import { accountSubjectOf, linkSubjectOf } from './portal-subject.ts';

export const PORTAL_LINK_INVALID = 'This link is not valid. Use the newest link from your e-mails.';
export const PORTAL_LINK_EXPIRED = 'This link has expired. The organisation’s next e-mail brings a new one.';

type Resolve = (request: FastifyRequest) => Promise<PortalSubject>;

const sendPdf = (reply: FastifyReply, file: { filename: string; pdf: Buffer }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);

/** The same reads and changes for both kinds of subject. */
function donorRoutes(app: FastifyInstance, deps: PortalDeps, base: string, subjectOf: Resolve, access: RouteAccess) {
  const r = zodRouter(app, 'Donor portal');
  const params = ZRecordIdParams;
  const config = { access };
  const pdf = (description: string) => ({
    access,
    openapi: { responses: { 200: { description, mediaType: 'application/pdf' } } },
  });
  r.get(`${base}/overview`, { config, schema: { response: { 200: ZPortalOverview } } }, async (request) =>
    portalOverview(deps, await subjectOf(request)),
  );
  r.get(`${base}/donations`, { config, schema: { response: { 200: ZPortalGiftsResponse } } }, async (request) => ({
    gifts: await portalGifts(deps, await subjectOf(request)),
  }));
  r.get(
    `${base}/donations/:id`,
    { config, schema: { params, response: { 200: ZPortalGiftResponse } } },
    async (request) => ({
      gift: await portalGift(deps, await subjectOf(request), request.params.id),
    }),
  );
  r.get(
    `${base}/donations/:id/receipt`,
    { config: pdf('The receipt as a PDF file.'), schema: { params } },
    async (request, reply) => sendPdf(reply, await portalReceipt(deps, await subjectOf(request), request.params.id)),
  );
  r.get(
    `${base}/statement`,
    { config: pdf("The year's giving statement as a PDF file."), schema: { querystring: ZPortalStatementQuery } },
    async (request, reply) => sendPdf(reply, await portalStatement(deps, await subjectOf(request), request.query.year)),
  );
  // The member sees their memberships and opens their card (docs/product/memberships.md#member-card).
  r.get(`${base}/memberships`, { config, schema: { response: { 200: ZPortalMemberships } } }, async (request) =>
    portalMemberships(deps.db, deps.config.sessionSecret, await subjectOf(request)),
  );
  r.get(`${base}/plans`, { config, schema: { response: { 200: ZPortalPlansResponse } } }, async (request) => ({
    plans: await portalPlans(deps, await subjectOf(request)),
  }));
  r.get(
    `${base}/plans/:id`,
    { config, schema: { params, response: { 200: ZPortalPlanResponse } } },
    async (request) => ({
      plan: await portalPlan(deps, await subjectOf(request), request.params.id),
    }),
  );
  r.patch(
    `${base}/plans/:id`,
    { config, schema: { params, body: ZPortalPlanUpdate, response: { 200: ZPortalPlanResponse } } },
    async (request) => ({
      plan: await changePortalPlan(deps, await subjectOf(request), request.params.id, updateChange(request.body)),
    }),
  );
  for (const kind of ['pause', 'resume', 'cancel'] as const) {
    r.post(
      `${base}/plans/:id/${kind}`,
      { config, schema: { params, response: { 200: ZPortalPlanResponse } } },
      async (request) => ({
        plan: await changePortalPlan(deps, await subjectOf(request), request.params.id, { kind }),
      }),
    );
  }
  r.post(
    `${base}/plans/:id/card_setup`,
    { config, schema: { params, response: { 200: ZPortalCardSetupResponse } } },
    async (request) => ({ setup: await startCardSetup(deps, await subjectOf(request), request.params.id) }),
  );
  r.post(
    `${base}/card_setup/complete`,
    { config, schema: { body: ZPortalCardSetupComplete, response: { 200: ZPortalPlansResponse } } },
    async (request) => ({ plans: await completeCardSetup(deps, await subjectOf(request), request.body) }),
  );
}

export async function portalRoutes(app: FastifyInstance, deps: PortalDeps): Promise<void> {
  const r = zodRouter(app, 'Donor portal');
  const secret = deps.config.sessionSecret;

  /** Whether this browser holds a live portal session (and, like every answer, a CSRF token). */
  const config = PUBLIC_ROUTE;
  r.get(
    '/portal/session',
    { config, schema: { response: { 200: z.object({ active: z.boolean() }) } } },
    async (request) => ({
      active: portalSessionOf(request, secret) !== null,
    }),
  );

  const opened = { body: ZPortalSessionRequest, response: { 200: ZPortalOverview } };
  r.post('/portal/session', { config, schema: opened }, async (request, reply) => {
    const check = verifyPortalToken(request.body.token, secret);
    if (!check.ok) {
      endPortalSession(request, reply);
      throw new AppError('UNAUTHENTICATED', check.reason === 'expired' ? PORTAL_LINK_EXPIRED : PORTAL_LINK_INVALID);
    }
    // A link e-mailed before staff merged its donor opens the donor it was merged into.
    const donorId = await currentDonorId(deps, check.claims.npoId, check.claims.donorId);
    const subject: PortalSubject = {
      npoId: check.claims.npoId,
      donorId: donorId ?? check.claims.donorId,
      userId: null,
      via: 'portal_link',
      expiresAt: null,
      ip: request.ip,
    };
    // First what the link opens: a link to a donor that is not there (another organisation's id)
    // answers 404 and starts no session.
    const overview = await portalOverview(deps, subject);
    const expiresAt = startPortalSession(request, reply, secret, {
      ...check.claims,
      donorId: subject.donorId as number,
    });
    return reply.send({ ...overview, expires_at: expiresAt.toISOString() });
  });

  const ended = { ...config, openapi: { responses: { 204: { description: 'The portal session has ended.' } } } };
  r.delete('/portal/session', { config: ended }, async (request, reply) => {
    endPortalSession(request, reply);
    return reply.status(204).send();
  });

  const signedIn: RouteAccess = { kind: 'organisation', group: 'shared', roles: ACCESS.shared };
  donorRoutes(app, deps, '/portal/account', (request) => accountSubjectOf(request, deps.db), signedIn);
  donorRoutes(app, deps, '/portal', async (request) => linkSubjectOf(request, secret), { kind: 'portal' });
}
