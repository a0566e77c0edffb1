import {
  ZDonationDetailResponse,
  ZDonationHistoryResponse,
  ZDonorSearchQuery,
  ZDonorSearchResponse,
  ZOfflineGiftInput,
  ZRecordIdParams,
  ZRefundInput,
  ZResendReceiptResponse,
  ZSandboxDisputeInput,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { getDonationDetail, getDonationHistory } from './donation-detail.service.ts';
import { searchDonors } from './donor-search.repository.ts';
import { recordOfflineGift } from './offline-gift.service.ts';
import { resendReceipt } from './receipt-resend.service.ts';
import { refundDonation } from './refund.service.ts';
import { settleSandboxDebit } from './sandbox-debit.service.ts';
import { simulateSandboxDispute } from './sandbox-dispute.service.ts';

// Access (docs/product/sign-in.md#route-access, as campaigns.routes.ts): every dashboard role reads a donation and may
// resend its receipt; only the admin group (2001 finance, 5150 admin, 6635 manager, 7789
// super-admin) moves money: refunds and offline gifts.
const READ = 'dashboard';
const WRITE = 'admin';

export type DonationAdminDeps = { db: Db; providers: PaymentProviders; jobs: Jobs };

/**
 * One donation for staff (docs/product/donations.md#one-donation): detail, history, refund, receipt resend; offline
 * gifts.
 */
export async function donationAdminRoutes(app: FastifyInstance, deps: DonationAdminDeps): Promise<void> {
  const r = zodRouter(app, 'Donations');
  const { db } = deps;
  // The donation's contract carries transforms (ZGivingInterval) that a response schema cannot run
  // backwards, so detail answers go unserialised by schema; the tests parse them with the contract.
  const detail = { params: ZRecordIdParams };
  // …but the reference shows it (as the tests check it).
  const config = { openapi: { responses: { 200: ZDonationDetailResponse } } };
  const created = { openapi: { responses: { 201: ZDonationDetailResponse } } };

  const apiRead = { ...config, apiScope: 'donations:read' };
  r.get(
    '/npo_admin/donations/:id',
    { preHandler: requireAccess(READ), config: apiRead, schema: detail },
    async (request) => {
      const { selectedNpoId } = organisationSessionOf(request, READ);
      return { donation: await getDonationDetail(db, selectedNpoId, request.params.id) };
    },
  );

  r.get(
    '/npo_admin/donations/:id/history',
    {
      preHandler: requireAccess(READ),
      schema: { params: ZRecordIdParams, response: { 200: ZDonationHistoryResponse } },
    },
    async (request) => {
      const { selectedNpoId } = organisationSessionOf(request, READ);
      return { history: await getDonationHistory(db, selectedNpoId, request.params.id) };
    },
  );

  r.post(
    '/npo_admin/donations/:id/refunds',
    {
      preHandler: [requireAccess(WRITE), requirePermission('donations.refund')],
      config,
      schema: { ...detail, body: ZRefundInput },
    },
    async (request) => {
      const actor = organisationSessionOf(request, WRITE);
      await refundDonation(deps, actor, request.params.id, request.body, request.ip ?? null);
      return { donation: await getDonationDetail(db, actor.selectedNpoId, request.params.id) };
    },
  );

  // Offline demos only: a chargeback on a sandbox gift, recorded through the sandbox's webhook.
  r.post(
    '/npo_admin/donations/:id/sandbox_dispute',
    { preHandler: requireAccess(WRITE), config, schema: { ...detail, body: ZSandboxDisputeInput } },
    async (request) => {
      const actor = organisationSessionOf(request, WRITE);
      await simulateSandboxDispute(deps, actor.selectedNpoId, request.params.id, request.body);
      return { donation: await getDonationDetail(db, actor.selectedNpoId, request.params.id) };
    },
  );

  // wallet15: offline demos only: a processing sandbox bank debit settled "days later", now (decision 038).
  r.post(
    '/npo_admin/donations/:id/sandbox_debit_settle',
    { preHandler: requireAccess(WRITE), config, schema: detail },
    async (request) => {
      const actor = organisationSessionOf(request, WRITE);
      await settleSandboxDebit(deps, actor.selectedNpoId, request.params.id);
      return { donation: await getDonationDetail(db, actor.selectedNpoId, request.params.id) };
    },
  );

  r.post(
    '/npo_admin/donations/:id/resend_receipt',
    { preHandler: requireAccess(READ), schema: { params: ZRecordIdParams, response: { 202: ZResendReceiptResponse } } },
    async (request, reply) => {
      const actor = organisationSessionOf(request, READ);
      const email = await resendReceipt(deps, actor, request.params.id, request.ip ?? null);
      return reply.status(202).send({ queued: true as const, email });
    },
  );

  r.get(
    '/npo_admin/offline_donations/donors',
    {
      preHandler: requireAccess(WRITE),
      schema: { querystring: ZDonorSearchQuery, response: { 200: ZDonorSearchResponse } },
    },
    async (request) => {
      const { selectedNpoId } = organisationSessionOf(request, WRITE);
      return { donors: await searchDonors(db, selectedNpoId, request.query.q) };
    },
  );

  r.post(
    '/npo_admin/offline_donations',
    { preHandler: requireAccess(WRITE), config: created, schema: { body: ZOfflineGiftInput } },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      const { donationId } = await recordOfflineGift(db, actor, request.body, request.ip ?? null);
      const donation = await getDonationDetail(db, actor.selectedNpoId, donationId);
      return reply.status(201).send({ donation });
    },
  );
}
