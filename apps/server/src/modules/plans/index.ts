// Recurring plans: one per recurring first gift, with the saved method later charges use, and the
// PayPal vault setups that lead to such a gift. The scheduler that charges them is a later issue.
export {
  chargeDateOf,
  firstChargeDate,
  isRecurring,
  RECURRING_INTERVALS,
  type RecurringInterval,
} from './next-charge.ts';
export { findPlan, type PlanRow } from './plans.repository.ts';
export { ensurePlanForFirstGift, type PlanStart } from './plans.service.ts';
export { PLAN_FAILURE, type PlanStatus, planStatuses, recurringPlans, vaultSetups } from './plans.tables.ts';
export {
  findOpenSetupByToken,
  findSetupByPaymentToken,
  insertVaultSetup,
  recordSetupOutcome,
  storePaymentToken,
  VAULT_SETUP_LIFETIME_MS,
  type VaultSetupRow,
} from './vault-setups.repository.ts';
