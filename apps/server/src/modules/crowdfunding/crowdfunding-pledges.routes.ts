import { ZPledgeRequest, ZPledgeStarted, ZPledgeSummary } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import {
  confirmPledge,
  type PledgeDeps,
  pledgeSummary,
  startPledge,
  updatePledgeCard,
} from './crowdfunding-pledges.service.ts';

// All-or-nothing pledges (docs/decisions/065-all-or-nothing-settlement.md): public like the page's reward
// claims; a pledge's unguessable reference is the backer's only handle on it.
const ZKey = z.object({ key: z.string().trim().min(1).max(120) });
const ZReference = z.object({ reference: z.string().trim().min(10).max(64) });
const answers = (status: 200 | 201, schema: z.ZodType) => ({
  ...PUBLIC_ROUTE,
  openapi: { responses: { [status]: schema } },
});

export async function crowdfundingPledgeRoutes(app: FastifyInstance, deps: PledgeDeps): Promise<void> {
  const r = zodRouter(app, 'Crowdfunding');
  r.post(
    '/crowdfunding_page/:key/pledges',
    { schema: { params: ZKey, body: ZPledgeRequest }, config: answers(201, ZPledgeStarted) },
    async (request, reply) => reply.status(201).send(await startPledge(deps, request.params.key, request.body)),
  );
  r.post(
    '/crowdfunding_pledges/:reference/confirm',
    { schema: { params: ZReference }, config: answers(200, ZPledgeSummary) },
    async (request) => confirmPledge(deps, request.params.reference),
  );
  // A declined pledge's new card (the settlement e-mail's link opens the page that calls this).
  r.post(
    '/crowdfunding_pledges/:reference/card',
    { schema: { params: ZReference }, config: answers(201, ZPledgeStarted) },
    async (request, reply) => reply.status(201).send(await updatePledgeCard(deps, request.params.reference)),
  );
  r.get(
    '/crowdfunding_pledges/:reference',
    { schema: { params: ZReference }, config: answers(200, ZPledgeSummary) },
    async (request) => pledgeSummary(deps.db, request.params.reference),
  );
}
