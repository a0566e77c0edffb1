import cookie from '@fastify/cookie';
import { NOTIFICATION_CHANNEL } from '@kindling/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { analysisRoutes, getOrganisationSnapshot, registerGivingDaysClock } from './modules/analysis/index.ts';
// a22: the insights assistant.
import { assistantRoutes } from './modules/assistant/index.ts';
import {
  accountRoutes,
  authRoutes,
  createAuthDeps,
  createSessionResolver,
  registerDonorInvitations,
} from './modules/auth/index.ts';
import { campaignRoutes } from './modules/campaigns/index.ts';
import { checkoutRoutes } from './modules/checkout/index.ts';
import { communicationRoutes, foldCommunicationsInto } from './modules/communications/index.ts';
import {
  consoleRoutes,
  organisationDefaults,
  registerAnnouncementMail,
  registerConsoleFigures,
  selfServiceSignUpOpen,
} from './modules/console/index.ts';
import { contactRoutes, foldContactInto } from './modules/contacts/index.ts';
import { conversionRoutes, registerReminders, registerTributeEcards } from './modules/conversion/index.ts';
// cf17: the crowdfunding page, reward claims and the staff crowdfunding list.
// cf17b: crowdfunding editor and update e-mails.
// cf17c: all-or-nothing pledges and their settlement.
import {
  createCrowdfundingPageCache,
  crowdfundingEditorRoutes,
  crowdfundingPledgeRoutes,
  crowdfundingRoutes,
  registerSettlement,
  registerUpdateEmails,
} from './modules/crowdfunding/index.ts';
import { dealRoutes } from './modules/deals/index.ts';
import { donationAdminRoutes } from './modules/donation-admin/index.ts';
import { donationListRoutes } from './modules/donation-list/index.ts';
import { donorWallRoutes } from './modules/donor-wall/index.ts';
import { donorRoutes } from './modules/donors/index.ts';
// events18: events and ticket orders.
import { marketingPublicRoutes, marketingRoutes, registerMarketingSends } from './modules/email-marketing/index.ts';
import { emailTemplateRoutes } from './modules/email-templates/index.ts';
import { eventImageRoutes, eventRoutes, registerTicketMail, ticketOrderPayments } from './modules/events/index.ts';
import {
  fundraiserRoutes,
  joinInvitedFundraisers,
  peerPageRoutes,
  peerTeamRoutes,
  registerPeerMilestones,
} from './modules/fundraisers/index.ts';
// g23: Gift Aid claims.
import { giftAidRoutes } from './modules/gift-aid/index.ts';
import {
  contactImportRoutes,
  importRoutes,
  registerContactImports,
  registerImportChecks,
  registerImports,
} from './modules/imports/index.ts';
// ai22: AI insights.
import { insightsRoutes, registerInsights } from './modules/insights/index.ts';
import {
  apiKeyRoutes,
  demoReceiverRoutes,
  registerApiKeys,
  registerWebhooks,
  webhookOutboxReader,
  webhookRoutes,
} from './modules/integrations/index.ts';
// kb21: the staff knowledge base.
import { knowledgeBaseRoutes } from './modules/knowledge-base/index.ts';
// mem19: memberships.
import {
  extendByPlanCharge,
  membershipFollowUp,
  membershipRoutes,
  registerMembershipSweep,
  registerMembershipWelcome,
} from './modules/memberships/index.ts';
import { noteRoutes } from './modules/notes/index.ts';
import { notificationRoutes, startNotificationFanout } from './modules/notifications/index.ts';
import { organisationRoutes } from './modules/organisations/index.ts';
import { overviewRoutes } from './modules/overview/index.ts';
// pay25: payment requests (/pay/{id}, decision 050).
import {
  countInstalmentCharge,
  linkRequestPayment,
  paymentRequestRoutes,
  registerPaymentRequestReminders,
  requestGate,
} from './modules/payment-requests/index.ts';
import { currencyFactors, paymentSettingsRoutes, registerReferenceRates } from './modules/payment-settings/index.ts';
import { createPaymentProviders, type PaymentProviders } from './modules/payments/index.ts';
import {
  type PlanCharge,
  type PlanChargeHook,
  planCardFollowUp,
  recurringPlanRoutes,
  registerCardBackfill,
  registerPlanEmails,
  registerRecurringScheduler,
} from './modules/plans/index.ts';
import { PORTAL_COOKIE, portalRoutes } from './modules/portal/index.ts';
import { processorRoutes } from './modules/processors/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { registerReceipts, registerThankYous } from './modules/receipts/index.ts';
import { recurringImportRoutes, registerRecurringImports } from './modules/recurring-imports/index.ts';
// rep23: the reports centre.
import {
  reconciliationRoutes,
  registerReconciliation,
  registerScheduledReports,
  reportRoutes,
} from './modules/reports/index.ts';
import { sandboxRoutes } from './modules/sandbox/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { securityRoutes } from './modules/security/index.ts';
import { foldSegmentMembersInto, segmentRoutes } from './modules/segments/index.ts';
// crm20: year-end statements in bulk.
import { registerStatementRuns, statementRoutes } from './modules/statements/index.ts';
import { registerTaskReminders, taskRoutes } from './modules/tasks/index.ts';
import { teamRoutes } from './modules/team/index.ts';
import { transactionRoutes } from './modules/transactions/index.ts';
// w21: workflow automation.
import { registerWorkflows, workflowOutboxReader, workflowRoutes } from './modules/workflows/index.ts';
import type { Config } from './platform/config/config.ts';
import { createReadDb, type Db } from './platform/db/client.ts';
import { databaseFileStore } from './platform/files/file-store.ts';
import { uploadsRoute } from './platform/files/uploads.ts';
import { registerCsrf } from './platform/http/csrf.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { registerMetrics } from './platform/http/metrics.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerRequestInputChecks } from './platform/http/request-input.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerSessionHook } from './platform/http/session-context.ts';
import { useProductValidationMessages } from './platform/http/validation-messages.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { createJobs } from './platform/jobs/jobs.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { registerOutboxPruning } from './platform/outbox/outbox-prune.ts';
import { registerCable } from './platform/realtime/index.ts';
import { createFailureLimiter } from './platform/security/rate-limiter.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** The payment providers; default from the configuration (tests pass their own sandbox). */
  payments?: PaymentProviders;
  // Custom JS: tests serve their own stand-in build of the web app (default apps/web/dist).
  webDistDir?: string;
};

/**
 * rep23: the pool reports and exports read from: a read-only pool on READ_DATABASE_URL (a replica,
 * decision 077) when it is set, the primary otherwise; closed with the app.
 */
function readPoolOf(app: FastifyInstance, deps: AppDeps): Db {
  if (!deps.config.READ_DATABASE_URL) return deps.db;
  const readDb = createReadDb(deps.config.READ_DATABASE_URL);
  app.addHook('onClose', async () => {
    await readDb.$client.end();
  });
  return readDb;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.LOG_LEVEL === 'silent' ? false : { level: deps.config.LOG_LEVEL },
    trustProxy: deps.config.trustProxy,
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(deps.config.LOG_LEVEL) }),
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: the API reference describes the routes registered after it (decision 020).
  await registerOpenApi(app, { portalCookie: PORTAL_COOKIE });
  useProductValidationMessages();
  registerRequestInputChecks(app);
  const readIndexHtml = deps.serveWeb ? await registerWebApp(app, deps.webDistDir, publicOrigin(deps.config)) : null;
  registerErrorHandler(app, readIndexHtml);

  registerSecurityHeaders(app, {
    // With helmet's default no-referrer, Chromium sends `Origin: null` on our own form posts
    // (the sandbox consent page), which the cross-site check must refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The SPA loads Google's identity script and shows QR codes as data URLs.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com'],
        frameSrc: ["'self'", 'https://accounts.google.com'],
        connectSrc: ["'self'", 'https://accounts.google.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie, { secret: deps.config.sessionSecret });
  // Order matters: the session is loaded first, then the CSRF check reads it.
  const resolveSession = createSessionResolver(deps.db);
  // api21: `Authorization: Bearer` API keys reach the same routes, narrowed to their scopes (decision 069).
  registerSessionHook(
    app,
    resolveSession,
    registerApiKeys(app, deps.db, { callsPerMinute: deps.config.API_KEY_CALLS_PER_MINUTE }),
  );
  registerCsrf(app, { secret: deps.config.sessionSecret, trustedOrigins: deps.config.trustedOrigins });

  // API answers are per user (sessions, backup codes shown once): never stored by a browser or proxy.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  const files = databaseFileStore(deps.db);
  const readDb = readPoolOf(app, deps);
  const auth = createAuthDeps({
    config: deps.config,
    db: deps.db,
    mailer: deps.mailer,
    onSignedIn: joinInvitedFundraisers,
    organisationSnapshot: getOrganisationSnapshot,
    // console24: sign-up creates an organisation only while the console allows it.
    signUpOpen: selfServiceSignUpOpen,
    organisationDefaults,
  });
  await app.register(
    async (api) => {
      await api.register(authRoutes, auth);
      await api.register(accountRoutes, auth);
      await api.register(profileRoutes, {
        db: deps.db,
        mailer: deps.mailer,
        files,
        origin: publicOrigin(deps.config),
        config: deps.config,
      });
      await api.register(organisationRoutes, { db: deps.db, files });
      await api.register(analysisRoutes, { db: deps.db });
      await api.register(notificationRoutes, { db: deps.db });
      await api.register(noteRoutes, { db: deps.db });
      await api.register(transactionRoutes, { db: deps.db });
      await api.register(emailTemplateRoutes, { db: deps.db });
      await api.register(campaignRoutes, { db: deps.db, config: deps.config, files, rates: currencyFactors });
      await api.register(donationListRoutes, { db: deps.db });
      // rep23: the reports centre, through the reports' pool.
      await api.register(reportRoutes, { db: deps.db, readDb });
      // CRM contacts: a donor merge folds the duplicate's contact record into the kept one.
      await api.register(donorRoutes, {
        db: deps.db,
        mergeSteps: [foldContactInto, foldCommunicationsInto, foldSegmentMembersInto],
      });
      await api.register(contactRoutes, { db: deps.db });
      await api.register(communicationRoutes, { db: deps.db });
      // seg20: CRM segments.
      await api.register(segmentRoutes, { db: deps.db });
      await api.register(searchRoutes, { db: deps.db });
      await api.register(processorRoutes, { db: deps.db, config: deps.config });
      await api.register(paymentSettingsRoutes, { db: deps.db, config: deps.config });
      await api.register(overviewRoutes, { db: deps.db, config: deps.config });
      await api.register(securityRoutes, { db: deps.db });
      await api.register(teamRoutes, { db: deps.db, mailer: deps.mailer, origin: publicOrigin(deps.config) });
      await api.register(fundraiserRoutes, {
        db: deps.db,
        mailer: deps.mailer,
        origin: publicOrigin(deps.config),
        invitesByClient: createFailureLimiter(deps.db, {
          name: 'fundraiser-invites-client',
          limit: 20,
          windowSeconds: 60 * 60,
          message: 'Too many invitations from here. Please try again later.',
        }),
      });
      // Donor wall: the public supporters list of campaign and fundraiser pages.
      await api.register(donorWallRoutes, { db: deps.db, config: deps.config });
      // conv15: the form's funnel, reminders, abandoned gifts (docs/decisions/037-conversion-features.md).
      await api.register(conversionRoutes, { db: deps.db });
      // p2p16: fundraiser pages, /peer-dashboard, the staff P2P view, the leaderboard (decision 044).
      await api.register(peerPageRoutes, {
        db: deps.db,
        mailer: deps.mailer,
        origin: publicOrigin(deps.config),
        config: deps.config,
      });
      // deals20: the CRM's major-gift pipeline and tasks (docs/decisions/043-deals-and-tasks.md).
      await api.register(dealRoutes, { db: deps.db });
      await api.register(taskRoutes, { db: deps.db });
      // teams16: fundraising teams, the team page and the teams leaderboard (decision 051).
      await api.register(peerTeamRoutes, { db: deps.db });
      // pay25: payment requests (decision 050).
      await api.register(paymentRequestRoutes, {
        db: deps.db,
        mailer: deps.mailer,
        origin: publicOrigin(deps.config),
      });
      // api21: API keys (decision 069).
      await api.register(apiKeyRoutes, { db: deps.db });
    },
    { prefix: '/api/v1' },
  );
  await app.register(sandboxRoutes, { config: deps.config, db: deps.db });
  // Receipts and donor invitations: durable jobs on the same database, started with the app.
  const jobs = createJobs({
    db: deps.db,
    pollingIntervalSeconds: deps.config.JOB_POLL_INTERVAL_SECONDS,
    work: deps.config.JOB_WORKERS === 'on',
    onError: (err, context) => app.log.error({ err, ...context }, 'a background job failed'),
  });
  const donorMail = {
    db: deps.db,
    mailer: deps.mailer,
    origin: publicOrigin(deps.config),
    secret: deps.config.sessionSecret,
  };
  // One set of providers for checkout and the recurring scheduler (tests hand in their sandbox).
  const payments = deps.payments ?? createPaymentProviders(deps.config, deps.db);
  const followUps = [
    registerReceipts(jobs, donorMail),
    registerThankYous(jobs, donorMail),
    registerDonorInvitations(jobs, { db: deps.db, mailer: deps.mailer, origin: publicOrigin(deps.config) }),
    // A recurring first gift's card expiry, for the card-expiring e-mail.
    planCardFollowUp(payments),
    // conv15: a tribute gift's e-card, once the gift succeeded.
    registerTributeEcards(jobs, { db: deps.db, mailer: deps.mailer }),
    // mem19: a paid membership join starts the membership (asks nothing of other campaigns' gifts);
    // m19: then its welcome e-mail carries the member card.
    membershipFollowUp(registerMembershipWelcome(jobs, donorMail)),
    // teams16: a fundraiser's milestone e-mails, only for gifts through their page (decision 051).
    registerPeerMilestones(jobs, { db: deps.db, mailer: deps.mailer, origin: publicOrigin(deps.config) }),
    // pay25: a gift paying a payment request is counted against it (decision 050).
    linkRequestPayment,
  ];
  const origin = publicOrigin(deps.config);
  const startImport = registerImports(jobs, { db: deps.db });
  // im23: the donations import's limits and the check of a large file (docs/product/imports.md#the-file).
  const importLimits = {
    maxRows: deps.config.DONATION_IMPORT_MAX_ROWS,
    maxBytes: deps.config.DONATION_IMPORT_MAX_MB * 1024 * 1024,
  };
  const checkImport = registerImportChecks(jobs, { db: deps.db, maxRows: importLimits.maxRows });
  // crm20: the contacts import's job.
  const startContactImport = registerContactImports(jobs, { db: deps.db });
  // ri23: recurring plans imported from another platform, each checked with its provider.
  const startRecurringImport = registerRecurringImports(jobs, { db: deps.db, providers: payments });
  // rc23: the reconciliation report's fetch of Stripe payouts.
  const startReconciliationFetch = registerReconciliation(jobs, { db: deps.db, providers: payments });
  registerPlanEmails(jobs, { db: deps.db, mailer: deps.mailer, origin, secret: deps.config.sessionSecret });
  // wh21: outbound webhooks, relayed from the platform's outbox (decision 074).
  const webhookDeps = { db: deps.db, key: deps.config.totpKey, production: deps.config.isProduction };
  const webhooks = registerWebhooks(jobs, {
    ...webhookDeps,
    mailer: deps.mailer,
    origin,
    relaySeconds: deps.config.WEBHOOK_RELAY_SECONDS ?? (deps.config.NODE_ENV === 'test' ? 0 : 5),
    retryDelaySeconds: deps.config.WEBHOOK_RETRY_DELAY_SECONDS,
    log: (err) => app.log.error({ err }, 'the webhook relay could not be enqueued'),
  });
  // tix18: the e-tickets e-mail of a paid ticket order.
  const ticketMail = registerTicketMail(jobs, donorMail);
  // cf17b: a published crowdfunding update's backer e-mails.
  registerUpdateEmails(jobs, { db: deps.db, mailer: deps.mailer, origin });
  // sr23: scheduled reports, swept hourly and e-mailed by a job (docs/product/reports.md#scheduled-reports).
  const scheduledReportsClock = registerScheduledReports(jobs, {
    db: deps.db,
    readDb,
    mailer: deps.mailer,
    log: (message, data) => app.log.warn(data, message),
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 3600,
    onError: (err) => app.log.error({ err }, 'the scheduled reports sweep could not be enqueued'),
  });
  // crm20: year-end statements in bulk, e-mailed by a job.
  const enqueueStatementRun = registerStatementRuns(jobs, { db: deps.db, mailer: deps.mailer });
  const scheduler = {
    db: deps.db,
    providers: payments,
    jobs,
    log: (err: unknown, context: { planId: number }) =>
      app.log.error({ err, ...context }, 'a recurring plan could not be charged'),
    // mem19: a membership renewing through its plan moves on one term per charge.
    onCharged: async (tx: Parameters<PlanChargeHook>[0], charge: PlanCharge) => {
      await extendByPlanCharge(tx, charge);
      // pay25c: a payment request's instalment charged by its plan counts against the request.
      await countInstalmentCharge(tx, charge);
    },
  };
  const recurringClock = registerRecurringScheduler(jobs, {
    ...scheduler,
    sweepSeconds: deps.config.RECURRING_SWEEP_SECONDS ?? (deps.config.NODE_ENV === 'test' ? 0 : 300),
    log: (err) => app.log.error({ err }, 'the recurring sweep could not be enqueued'),
  });
  // Plans saved before their card was described: asked of their provider once, in batches.
  const cardBackfill = registerCardBackfill(jobs, {
    db: deps.db,
    providers: payments,
    pauseMs: 100,
    log: (err, context) => app.log.warn({ err, ...context }, 'a plan card could not be described'),
  });
  const givingDaysClock = registerGivingDaysClock(jobs, {
    db: deps.db,
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 3600,
    log: (err) => app.log.error({ err }, 'closing the day sums could not be enqueued'),
  });
  const ratesClock = registerReferenceRates(jobs, {
    db: deps.db,
    url: deps.config.EXCHANGE_RATES_URL,
    seconds: deps.config.EXCHANGE_RATES_FETCH_SECONDS ?? (deps.config.NODE_ENV === 'test' ? 0 : 86_400),
    log: (err) => app.log.error({ err }, 'the exchange-rate fetch could not be enqueued'),
  });
  // conv15: reminder e-mails donors asked for, swept every five minutes.
  const remindersClock = registerReminders(jobs, {
    db: deps.db,
    mailer: deps.mailer,
    origin: publicOrigin(deps.config),
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 300,
    log: (err) => app.log.error({ err }, 'the reminder sweep could not be enqueued'),
  });
  // deals20: CRM task reminders and the morning digest, swept every five minutes.
  const tasksClock = registerTaskReminders(jobs, {
    db: deps.db,
    mailer: deps.mailer,
    origin: publicOrigin(deps.config),
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 300,
    log: (err) => app.log.error({ err }, 'the task sweep could not be enqueued'),
  });
  // mem19: the memberships' grace and lapse sweep, hourly.
  const membershipsClock = registerMembershipSweep(jobs, {
    db: deps.db,
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 3600,
    log: (err) => app.log.error({ err }, 'the membership sweep could not be enqueued'),
    mailer: deps.mailer,
    origin,
    secret: deps.config.sessionSecret,
  });
  // admin24: the console's daily roll-up of money, hourly (decision 054).
  // fin19: announcement e-mails (decision 073).
  registerAnnouncementMail(jobs, { db: deps.db, mailer: deps.mailer, origin: publicOrigin(deps.config) });
  const consoleFiguresClock = registerConsoleFigures(jobs, {
    db: deps.db,
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 3600,
    log: (err) => app.log.error({ err }, 'the console roll-up could not be enqueued'),
  });
  // pay25b: payment request reminders before and after the due day, hourly.
  const paymentRemindersClock = registerPaymentRequestReminders(jobs, {
    db: deps.db,
    mailer: deps.mailer,
    origin: publicOrigin(deps.config),
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 3600,
    log: (err) => app.log.error({ err }, 'the payment request reminders could not be enqueued'),
  });
  // cf17c: all-or-nothing crowdfunding settles at its deadline, every five minutes.
  const settlementClock = registerSettlement(jobs, {
    db: deps.db,
    providers: payments,
    mailer: deps.mailer,
    origin,
    jobs,
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 300,
    log: (err) => app.log.error({ err }, 'the crowdfunding settlement could not be enqueued'),
  });
  // ai22: AI insights, recomputed nightly (and once at start) and on staff request (decision 076).
  const insightsJobs = registerInsights(jobs, {
    db: deps.db,
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 86_400,
    log: (err) => app.log.error({ err }, 'the insights run could not be enqueued'),
  });
  // mkt21: marketing e-mails' senders, and the sweep that starts scheduled ones and resumes stopped sends.
  const marketingFrom = deps.config.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? deps.config.MAIL_FROM;
  const marketingClock = registerMarketingSends(jobs, {
    db: deps.db,
    mailer: deps.mailer,
    origin,
    fromAddress: marketingFrom,
    seconds: deps.config.MARKETING_SWEEP_SECONDS ?? (deps.config.NODE_ENV === 'test' ? 0 : 30),
    log: (err) => app.log.error({ err }, 'the marketing sweep could not be enqueued'),
  });
  // w21: workflow automation's tick (events and date triggers to runs, due steps to jobs).
  const workflowEngine = registerWorkflows(jobs, {
    db: deps.db,
    mailer: deps.mailer,
    fromAddress: marketingFrom,
    origin,
    seconds: deps.config.WORKFLOW_TICK_SECONDS ?? (deps.config.NODE_ENV === 'test' ? 0 : 10),
    log: (err) => app.log.error({ err }, 'the workflow tick could not be enqueued'),
  });
  // w21: the outbox is pruned daily below both readers' positions (decision 098).
  const outboxPruneClock = registerOutboxPruning(jobs, {
    db: deps.db,
    readers: [webhookOutboxReader, workflowOutboxReader],
    seconds: deps.config.NODE_ENV === 'test' ? 0 : 86_400,
    log: (err) => app.log.error({ err }, 'the outbox pruning could not be enqueued'),
  });
  await jobs.start();
  if ((deps.config.PLAN_CARD_BACKFILL ?? (deps.config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on') {
    await cardBackfill.start();
  }
  recurringClock.start();
  givingDaysClock.start();
  ratesClock.start();
  remindersClock.start();
  tasksClock.start();
  membershipsClock.start();
  // admin24: the console's roll-up clock.
  consoleFiguresClock.start();
  // pay25b: payment request reminders.
  paymentRemindersClock.start();
  // cf17c: the crowdfunding settlement clock.
  settlementClock.start();
  // wh21: the webhook relay's clock.
  webhooks.start();
  insightsJobs.clock.start();
  marketingClock.start();
  workflowEngine.start();
  outboxPruneClock.start();
  scheduledReportsClock.start();
  app.addHook('onClose', async () => {
    outboxPruneClock.stop();
    workflowEngine.stop();
    scheduledReportsClock.stop();
    marketingClock.stop();
    // cf17c: the crowdfunding settlement clock.
    settlementClock.stop();
    webhooks.stop();
    insightsJobs.clock.stop();
    paymentRemindersClock.stop();
    membershipsClock.stop();
    consoleFiguresClock.stop();
    tasksClock.stop();
    remindersClock.stop();
    ratesClock.stop();
    givingDaysClock.stop();
    recurringClock.stop();
    await jobs.stop();
  });
  await app.register(insightsRoutes, { prefix: '/api/v1', db: deps.db, insights: insightsJobs });
  await app.register(assistantRoutes, { prefix: '/api/v1', db: deps.db, config: deps.config });
  await app.register(checkoutRoutes, {
    config: deps.config,
    db: deps.db,
    providers: payments,
    followUps,
    // pay25: payment requests' amounts are checked by the request (decision 050).
    requestGate: requestGate(deps.db),
    // fin18: a ticket order paid while the buyer's browser was gone (decision 072).
    ownPayments: ticketOrderPayments({
      db: deps.db,
      providers: payments,
      log: (e) => app.log.error({ err: e }, 'ticket order webhook'),
      paid: ticketMail.paid,
    }),
  });
  await app.register(recurringPlanRoutes, { prefix: '/api/v1', scheduler, config: deps.config });
  await app.register(donationAdminRoutes, { prefix: '/api/v1', db: deps.db, providers: payments, jobs });
  // console24: the platform console (decision 046); fin19: its announcements are e-mailed by a job (decision 073).
  await app.register(consoleRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    mailer: deps.mailer,
    origin: publicOrigin(deps.config),
    jobs,
    files,
  });
  await app.register(importRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    start: startImport,
    check: checkImport,
    limits: importLimits,
  });
  // crm20: contacts import.
  await app.register(contactImportRoutes, { prefix: '/api/v1', db: deps.db, start: startContactImport });
  // ri23: recurring imports.
  await app.register(recurringImportRoutes, { prefix: '/api/v1', db: deps.db, start: startRecurringImport });
  // rc23: "Refresh from Stripe" on the reconciliation report.
  await app.register(reconciliationRoutes, { prefix: '/api/v1', db: deps.db, start: startReconciliationFetch });
  // crm20: year-end statements in bulk.
  await app.register(statementRoutes, { prefix: '/api/v1', db: deps.db, enqueue: enqueueStatementRun });
  // g23: Gift Aid claims.
  await app.register(giftAidRoutes, { prefix: '/api/v1', db: deps.db });
  await app.register(portalRoutes, { prefix: '/api/v1', db: deps.db, config: deps.config, providers: payments });
  await app.register(uploadsRoute, { files });
  // events18: events, the public event page and ticket orders, paid through the same providers.
  await app.register(eventRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    config: deps.config,
    providers: payments,
    ticketsPaid: ticketMail.paid,
    ticketRefunded: ticketMail.refunded,
    // tix18b: staff resend an order's tickets.
    ticketsResend: ticketMail.resend,
    // tix18c: the buyer hears of a whole-order refund.
    orderRefunded: ticketMail.orderRefunded,
  });
  // kb21: the staff knowledge base.
  await app.register(knowledgeBaseRoutes, { prefix: '/api/v1', db: deps.db });
  // e18: the event editor's image uploads (docs/decisions/089-event-images.md).
  await app.register(eventImageRoutes, { prefix: '/api/v1', db: deps.db, files });
  // cf17: crowdfunding pages, reward claims and the staff list.
  const crowdfundingPages = createCrowdfundingPageCache(deps.config);
  await app.register(crowdfundingRoutes, { prefix: '/api/v1', db: deps.db, jobs, pages: crowdfundingPages });
  // cf17b: the staff crowdfunding editor and updates (their e-mails' worker is registered with the others).
  await app.register(crowdfundingEditorRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    config: deps.config,
    files,
    jobs,
    pages: crowdfundingPages,
  });
  // mkt21: e-mail marketing (staff) and its recipients' unsubscribe, open and click links.
  await app.register(marketingRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    mailer: deps.mailer,
    jobs,
    origin,
    fromAddress: marketingFrom,
  });
  await app.register(marketingPublicRoutes, { prefix: '/api/v1', db: deps.db });
  // w21: workflow automation (staff).
  await app.register(workflowRoutes, { prefix: '/api/v1', db: deps.db });
  // cf17c: all-or-nothing pledges.
  await app.register(crowdfundingPledgeRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    providers: payments,
    // fin17: Stripe pledges and a declined pledge's retry.
    stripePublishableKey: deps.config.STRIPE_PUBLISHABLE_KEY ?? null,
    jobs,
  });
  // mem19: memberships, their public join and the staff members list (decision 049).
  await app.register(membershipRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    config: deps.config,
    // mem19c: the member card's e-mail and link.
    mailer: deps.mailer,
    origin: publicOrigin(deps.config),
  });

  // wh21: webhook endpoints and their delivery log (decision 074); the demo receiver outside production.
  await app.register(webhookRoutes, { prefix: '/api/v1', ...webhookDeps, engine: webhooks });
  if (!deps.config.isProduction) await app.register(demoReceiverRoutes, { db: deps.db, key: deps.config.totpKey });

  // Live notifications: /cable on this server, fed by PostgreSQL NOTIFY from any instance.
  const cable = registerCable(app, {
    resolveSession,
    trustedOrigins: deps.config.trustedOrigins,
    trustProxy: deps.config.trustProxy,
    channels: [NOTIFICATION_CHANNEL],
  });
  await startNotificationFanout(app, { db: deps.db, cable });

  registerMetrics(app);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    await deps.db.$client.query('SELECT 1');
    return reply.send({ status: 'ready' });
  });
  return app;
}

/** Where links in e-mails point: the configured public address, else this server on localhost. */
function publicOrigin(config: Config): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
}
