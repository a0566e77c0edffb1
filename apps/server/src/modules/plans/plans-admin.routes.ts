// Staff API of recurring plans under /api/v1/npo_admin/recurring_plans. Reading is for every role
// of the dashboard group (1984 included); changing is for the admin group (2001, 5150, 6635,
// 7789), as for campaigns. The organisation is the session's; another's plan answers 404.
import {
  ZRecurringPlanListQuery,
  ZRecurringPlanListResponse,
  ZRecurringPlanResponse,
  ZRecurringPlanRetryResponse,
  ZRecurringPlanUpdate,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import {
  cancelRecurringPlan,
  getRecurringPlan,
  listRecurringPlans,
  pauseRecurringPlan,
  resumeRecurringPlan,
  retryRecurringPlan,
  type StaffActor,
  updateRecurringPlan,
} from './plans-admin.service.ts';
import { runDueCharges, type SchedulerDeps } from './scheduler.service.ts';

const READ = 'dashboard';
const WRITE = 'admin';
const BASE = '/npo_admin/recurring_plans';

const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const ZTestSweep = z.object({ now: z.iso.datetime({ offset: true, error: 'Send now as an ISO date-time' }) });
/** What the sweep did for the plan, one entry per charge it considered (charged, retried, …). */
const ZTestSweepResponse = z.object({ outcomes: z.array(z.string()) });

export type RecurringPlanRouteDeps = { scheduler: SchedulerDeps; config: Config };

function actorOf(request: FastifyRequest): StaffActor {
  const session = organisationSessionOf(request, WRITE);
  return { npoId: session.selectedNpoId, userId: session.user.id, ip: request.ip ?? null };
}

export async function recurringPlanRoutes(app: FastifyInstance, deps: RecurringPlanRouteDeps): Promise<void> {
  const r = zodRouter(app, 'Recurring plans');
  const db = deps.scheduler.db;
  const write = { preHandler: requireAccess(WRITE) };

  r.get(
    BASE,
    {
      preHandler: requireAccess(READ),
      config: { apiScope: 'plans:read' },
      schema: { querystring: ZRecurringPlanListQuery, response: { 200: ZRecurringPlanListResponse } },
    },
    async (request) => {
      const { status, q, page, per_page } = request.query;
      return listRecurringPlans(db, organisationSessionOf(request, READ).selectedNpoId, {
        status,
        q,
        page,
        perPage: per_page,
      });
    },
  );

  r.get(
    `${BASE}/:id`,
    {
      preHandler: requireAccess(READ),
      config: { apiScope: 'plans:read' },
      schema: { params: ZIdParams, response: { 200: ZRecurringPlanResponse } },
    },
    async (request) => ({
      plan: await getRecurringPlan(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id),
    }),
  );

  r.patch(
    `${BASE}/:id`,
    { ...write, schema: { params: ZIdParams, body: ZRecurringPlanUpdate, response: { 200: ZRecurringPlanResponse } } },
    async (request) => ({
      plan: await updateRecurringPlan(db, actorOf(request), request.params.id, request.body),
    }),
  );

  const action = (name: string, run: typeof pauseRecurringPlan) =>
    r.post(
      `${BASE}/:id/${name}`,
      { ...write, schema: { params: ZIdParams, response: { 200: ZRecurringPlanResponse } } },
      async (request) => ({ plan: await run(db, actorOf(request), request.params.id) }),
    );
  action('pause', pauseRecurringPlan);
  action('resume', resumeRecurringPlan);
  action('cancel', cancelRecurringPlan);

  r.post(
    `${BASE}/:id/retry`,
    { ...write, schema: { params: ZIdParams, response: { 200: ZRecurringPlanRetryResponse } } },
    async (request) => retryRecurringPlan(deps.scheduler, actorOf(request), request.params.id),
  );

  // Tests only (NODE_ENV=test, never registered otherwise): the scheduler's sweep for one plan of
  // the caller's organisation at a chosen time, so the end-to-end suite drives the clock.
  if (deps.config.NODE_ENV === 'test') {
    r.post(
      `${BASE}/:id/test_sweep`,
      { ...write, schema: { params: ZIdParams, body: ZTestSweep, response: { 200: ZTestSweepResponse } } },
      async (request) => {
        const { npoId } = actorOf(request);
        const { outcomes } = await runDueCharges(deps.scheduler, new Date(request.body.now), {
          planId: request.params.id,
          npoId,
        });
        return { outcomes: outcomes.map((o) => o.kind) };
      },
    );
  }
}
