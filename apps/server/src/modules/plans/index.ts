// Recurring plans: one per recurring first gift, with the saved method later charges use, the
// PayPal vault setups that lead to such a gift, the scheduler that charges them (with dunning) and
// the staff API.

export { PLAN_FAILURE, type PlanStatus, planStatuses, recurringPlans, vaultSetups } from '../donations/index.ts';
export { type CardBackfill, cardBackfillQueue, registerCardBackfill } from './card-backfill.jobs.ts';
export { backfillPlanCards, type CardBackfillBatch, type CardBackfillDeps } from './card-backfill.ts';
export {
  changePlanAsDonor,
  DONOR_PLAN_NOT_FOUND,
  type DonorActor,
  type DonorPlanChange,
} from './donor-plan-changes.ts';
export { nextRetryAt, RETRY_SCHEDULE_HOURS, retriesOf } from './dunning.ts';
// ri23: plans moved from another platform (recurring imports, decision 101).
export { findImportedPlan, type ImportedPlan, insertImportedPlan } from './imported-plans.ts';
export { CHARGES_PER_YEAR, monthlyRecurringRevenue } from './mrr.ts';
export {
  chargeDateOf,
  dueDateOf,
  firstChargeDate,
  firstPeriodAfter,
  isRecurring,
  RECURRING_INTERVALS,
  type RecurringInterval,
} from './next-charge.ts';
export { type KnownCard, planCardFollowUp, planCardOf, storePlanCard } from './plan-cards.ts';
export { type PlanEmailJob, planEmailQueue, registerPlanEmails, sendPlanEmail } from './plan-emails.ts';
export {
  cardNoticeKey,
  type ReminderOutcome,
  sendDueReminders,
  UPCOMING_LEAD_DAYS,
  upcomingNoticeKey,
} from './plan-reminders.ts';
export { findPlan, type PlanRow } from './plans.repository.ts';
export { seedRecurringPlans } from './plans.seed.ts';
export { ensurePlanForFirstGift, type PlanStart } from './plans.service.ts';

export { type RecurringPlanRouteDeps, recurringPlanRoutes } from './plans-admin.routes.ts';
export { registerRecurringScheduler, type SchedulerClock, sweepQueue } from './scheduler.jobs.ts';
export {
  type ChargeOutcome,
  chargeKeyOf,
  type PlanCharge,
  type PlanChargeHook,
  runDueCharges,
  type SchedulerDeps,
  type SweepOptions,
} from './scheduler.service.ts';
export {
  findOpenSetupByToken,
  findSetupByPaymentToken,
  insertVaultSetup,
  recordSetupOutcome,
  storePaymentToken,
  VAULT_SETUP_LIFETIME_MS,
  type VaultSetupRow,
} from './vault-setups.repository.ts';
