import { CHALLENGE_PATH, ZPaymentChallenge, ZPaymentChallengeQuery } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import type { PaymentChallenges } from './card-testing.challenge.ts';

/** GET /api/v1/npo_admin/payment_challenge: public, like the donation form that solves it. */
export async function paymentChallengeRoutes(app: FastifyInstance, deps: { challenges: PaymentChallenges }) {
  zodRouter(app, 'Checkout').get(
    `/api/v1${CHALLENGE_PATH}`,
    {
      config: { ...PUBLIC_ROUTE, openapi: { responses: { 200: ZPaymentChallenge } } },
      schema: { querystring: ZPaymentChallengeQuery },
    },
    async (request, reply) => {
      const challenge = await deps.challenges.issue({
        campaignId: request.query.campaign_id,
        clientAddress: request.ip,
      });
      return reply.header('cache-control', 'no-store').send(challenge);
    },
  );
}
