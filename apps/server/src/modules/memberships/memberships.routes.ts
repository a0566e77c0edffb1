import {
  ZDonorMemberships,
  ZExtendRequest,
  ZJoinHold,
  ZJoinRequest,
  ZMemberCard,
  ZMemberCardSent,
  ZMembershipCampaigns,
  ZMembershipConfirmation,
  ZMembershipDetail,
  ZMembershipFigures,
  ZMembershipList,
  ZMembershipListQuery,
  ZMembershipRenewal,
  ZMembershipSettings,
  ZTierChangeRequest,
  ZTierChangeResult,
  ZTierInput,
  ZTierList,
} from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { holdPlace, membershipConfirmation } from './join.service.ts';
import { sweepMemberships } from './lapse-sweep.ts';
import { memberCardByLink } from './member-card.service.ts';
import { sendMemberCard } from './member-card-mail.ts';
import { renderMemberCardPdf } from './member-card-pdf.ts';
import {
  type Actor,
  allMemberships,
  cancelMembership,
  donorMemberships,
  extendMembership,
  getMembership,
  graceDaysOf,
  listMemberships,
  membershipFigures,
  setGraceDays,
} from './members.service.ts';
import { requestProratedDifference } from './proration-request.ts';
import { renewalByLink } from './renewals.service.ts';
import { changeTier } from './tier-change.service.ts';
import { listMembershipCampaigns, membershipCampaignOf, publicTiers, saveTiers, tiersOf } from './tiers.service.ts';

// Access (docs/decisions/049-memberships.md): every role of the dashboard group reads members and
// tiers; admins change tiers, settings and memberships. Another organisation's ids are 404.
const READ = 'dashboard';
const WRITE = 'admin';
const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZCardToken = z.object({ token: z.string().trim().min(10).max(200) });
const ZUrl = z.object({ campaign_url: z.string().trim().min(1).max(200) });
const API = '/npo_admin';

const actorOf = (request: FastifyRequest, access: typeof READ | typeof WRITE = READ): Actor => {
  const session = organisationSessionOf(request, access);
  return { userId: session.user.id, npoId: session.selectedNpoId };
};

/** Spreadsheet programs run a cell starting with = + - @ as a formula: such text is quoted. */
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export async function membershipRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; mailer: Mailer; origin: string },
): Promise<void> {
  const r = zodRouter(app, 'Memberships');
  const { db } = deps;

  // Public: the /subscriptions page's tiers, a join's hold, and the confirmation after payment.
  r.get(
    '/subscriptions/:campaign_url/tiers',
    { config: { csrfCookie: false, ...PUBLIC_ROUTE }, schema: { params: ZUrl, response: { 200: ZTierList } } },
    async (request) => ({ tiers: (await publicTiers(db, request.params.campaign_url)).tiers }),
  );
  r.post(
    '/subscriptions/:campaign_url/join',
    { config: PUBLIC_ROUTE, schema: { params: ZUrl, body: ZJoinRequest, response: { 201: ZJoinHold } } },
    async (request, reply) => reply.status(201).send(await holdPlace(db, request.params.campaign_url, request.body)),
  );
  r.get(
    '/subscriptions/memberships/:reference',
    {
      config: { csrfCookie: false, ...PUBLIC_ROUTE },
      schema: {
        params: z.object({ reference: z.string().trim().min(10).max(64) }),
        response: { 200: ZMembershipConfirmation },
      },
    },
    async (request) => membershipConfirmation(db, request.params.reference),
  );
  // The reminder e-mails' one-click renewal link (renewals.service.ts).
  r.get(
    '/subscriptions/renewals/:token',
    {
      config: { csrfCookie: false, ...PUBLIC_ROUTE },
      schema: {
        params: z.object({ token: z.string().trim().min(10).max(200) }),
        response: { 200: ZMembershipRenewal },
      },
    },
    async (request) => renewalByLink(db, deps.config.sessionSecret, request.params.token),
  );

  r.get(
    `${API}/membership/campaigns`,
    { preHandler: requireAccess(READ), schema: { response: { 200: ZMembershipCampaigns } } },
    async (request) => listMembershipCampaigns(db, actorOf(request).npoId),
  );
  r.get(
    `${API}/membership/campaigns/:id/tiers`,
    { preHandler: requireAccess(READ), schema: { params: ZId, response: { 200: ZTierList } } },
    async (request) => {
      const campaign = await membershipCampaignOf(db, actorOf(request).npoId, request.params.id);
      return { tiers: await tiersOf(db, campaign.id, true) };
    },
  );
  r.put(
    `${API}/membership/campaigns/:id/tiers`,
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZId, body: z.object({ tiers: z.array(ZTierInput).max(20) }), response: { 200: ZTierList } },
    },
    async (request) => {
      const campaign = await membershipCampaignOf(db, actorOf(request, WRITE).npoId, request.params.id);
      return { tiers: await saveTiers(db, campaign, request.body.tiers) };
    },
  );
  r.get(
    `${API}/membership/figures`,
    { preHandler: requireAccess(READ), schema: { response: { 200: ZMembershipFigures } } },
    async (request) => membershipFigures(db, actorOf(request).npoId),
  );
  r.get(
    `${API}/membership/settings`,
    { preHandler: requireAccess(READ), schema: { response: { 200: ZMembershipSettings } } },
    async (request) => ({ grace_days: await graceDaysOf(db, actorOf(request).npoId) }),
  );
  r.put(
    `${API}/membership/settings`,
    { preHandler: requireAccess(WRITE), schema: { body: ZMembershipSettings, response: { 200: ZMembershipSettings } } },
    async (request) => {
      await setGraceDays(db, actorOf(request, WRITE).npoId, request.body.grace_days);
      return request.body;
    },
  );
  r.get(
    `${API}/memberships`,
    {
      preHandler: requireAccess(READ),
      schema: { querystring: ZMembershipListQuery, response: { 200: ZMembershipList } },
    },
    async (request) => listMemberships(db, actorOf(request).npoId, request.query),
  );
  r.get(
    `${API}/memberships/export`,
    {
      preHandler: requireAccess(READ),
      config: { openapi: { responses: { 200: { description: 'The members as CSV.', mediaType: 'text/csv' } } } },
      schema: { querystring: ZMembershipListQuery },
    },
    async (request, reply) => {
      const rows = await allMemberships(db, actorOf(request).npoId, request.query);
      const csv = stringify(
        rows.map((m) => [
          m.id,
          cell(m.members.map((p) => p.name).join('; ')),
          cell(m.members.map((p) => p.email).join('; ')),
          cell(m.tier),
          m.status,
          m.renewal,
          m.joined_at?.slice(0, 10) ?? '',
          m.period_end?.slice(0, 10) ?? '',
        ]),
        {
          header: true,
          bom: true,
          columns: ['ID', 'Members', 'E-mails', 'Tier', 'Status', 'Renewal', 'Joined', 'Expires'],
        },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="members.csv"')
        .send(csv);
    },
  );
  r.get(
    `${API}/memberships/:id`,
    { preHandler: requireAccess(READ), schema: { params: ZId, response: { 200: ZMembershipDetail } } },
    async (request) => getMembership(db, actorOf(request).npoId, request.params.id),
  );
  r.post(
    `${API}/memberships/:id/extend`,
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZId, body: ZExtendRequest, response: { 200: ZMembershipDetail } },
    },
    async (request) => {
      const actor = actorOf(request, WRITE);
      await extendMembership(db, actor, request.params.id, request.body.months);
      return getMembership(db, actor.npoId, request.params.id);
    },
  );
  r.post(
    `${API}/memberships/:id/cancel`,
    { preHandler: requireAccess(WRITE), schema: { params: ZId, response: { 200: ZMembershipDetail } } },
    async (request) => {
      const actor = actorOf(request, WRITE);
      await cancelMembership(db, actor, request.params.id);
      return getMembership(db, actor.npoId, request.params.id);
    },
  );
  r.get(
    `${API}/donors/:id/memberships`,
    { preHandler: requireAccess(READ), schema: { params: ZId, response: { 200: ZDonorMemberships } } },
    async (request) => donorMemberships(db, actorOf(request).npoId, request.params.id),
  );

  r.post(
    `${API}/memberships/:id/change_tier`,
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZId, body: ZTierChangeRequest, response: { 200: ZTierChangeResult } },
    },
    async (request) => {
      const actor = actorOf(request, WRITE);
      const prorated = await changeTier(db, actor, request.params.id, request.body);
      // mem19c: an upgrade at once asks for its prorated difference with a payment request.
      const session = organisationSessionOf(request, WRITE);
      const requestId = await requestProratedDifference(db, session, request.params.id, prorated, request.ip ?? null);
      return {
        membership: await getMembership(db, actor.npoId, request.params.id),
        prorated_minor: prorated,
        payment_request_id: requestId,
      };
    },
  );
  // mem19c: the member card (docs/decisions/064-member-cards.md): its page's data and PDF behind the
  // signed link, and the staff page's "Resend card".
  const cardDeps = { db, secret: deps.config.sessionSecret, origin: deps.origin, mailer: deps.mailer };
  r.get(
    '/member_cards/:token',
    {
      config: { csrfCookie: false, ...PUBLIC_ROUTE },
      schema: { params: ZCardToken, response: { 200: ZMemberCard } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return memberCardByLink(cardDeps, request.params.token);
    },
  );
  r.get(
    '/member_cards/:token/card.pdf',
    {
      schema: { params: ZCardToken },
      config: {
        csrfCookie: false,
        ...PUBLIC_ROUTE,
        openapi: { responses: { 200: { description: 'The member card as a PDF.', mediaType: 'application/pdf' } } },
      },
    },
    async (request, reply) => {
      const card = await memberCardByLink(cardDeps, request.params.token);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="member-card-${card.member_number}.pdf"`)
        .send(await renderMemberCardPdf(card));
    },
  );
  r.post(
    `${API}/memberships/:id/send_card`,
    { preHandler: requireAccess(WRITE), schema: { params: ZId, response: { 200: ZMemberCardSent } } },
    async (request) => sendMemberCard(cardDeps, actorOf(request, WRITE), request.params.id),
  );
  // Tests only (NODE_ENV=test, never registered otherwise): the grace and lapse sweep of one
  // membership of the caller's organisation at a chosen time, so the end-to-end suite moves the clock.
  if (deps.config.NODE_ENV === 'test') {
    r.post(
      `${API}/memberships/:id/test_sweep`,
      {
        preHandler: requireAccess(WRITE),
        schema: {
          params: ZId,
          body: z.object({ now: z.iso.datetime({ offset: true, error: 'Send now as an ISO date-time' }) }),
          response: { 200: ZMembershipDetail },
        },
      },
      async (request) => {
        const { npoId } = actorOf(request, WRITE);
        await getMembership(db, npoId, request.params.id);
        await sweepMemberships(db, new Date(request.body.now), { npoId, membershipId: request.params.id });
        return getMembership(db, npoId, request.params.id);
      },
    );
  }
}
