import {
  ZConfirmFundraiser,
  ZConfirmFundraiserResponse,
  ZFundraiserResponse,
  ZInviteFundraiser,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import type { FailureLimiter } from '../../platform/security/rate-limiter.ts';
import type { FundraiserDeps } from './enrolment.ts';
import { confirmFundraiserRequest } from './fundraiser-requests.service.ts';
import { inviteFundraiser } from './fundraisers.service.ts';

type Deps = FundraiserDeps & { invitesByClient: FailureLimiter };

/**
 * POST /api/v1/fundraiser (docs/product/campaigns.md#fundraisers). Each call sends an e-mail: counted per client
 * address.
 */
export async function fundraiserRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = zodRouter(app, 'Fundraisers');
  r.post(
    '/fundraiser',
    {
      config: {
        access: {
          kind: 'optional-session',
          note: "anyone may ask to fundraise with their own address; the campaign's admin group may invite any address.",
        },
      },
      schema: { body: ZInviteFundraiser, response: { 200: ZFundraiserResponse } },
    },
    async (request) => {
      const key = request.ip;
      await deps.invitesByClient.assertAllowed(key);
      const answer = await inviteFundraiser(deps, request.session, request.body);
      await deps.invitesByClient.recordFailure(key);
      return answer;
    },
  );
  // The e-mailed link of a visitor's request (decision 023): anonymous, the token is the proof.
  r.post(
    '/fundraiser/confirm',
    { config: PUBLIC_ROUTE, schema: { body: ZConfirmFundraiser, response: { 200: ZConfirmFundraiserResponse } } },
    async (request) => confirmFundraiserRequest(deps, request.body.token),
  );
}
