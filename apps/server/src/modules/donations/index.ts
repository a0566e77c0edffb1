// Donations: the one way a payment becomes a donation, and the campaign's donation list.

export type { Tx } from '../../platform/db/tx.ts';
export { type DonationFollowUp, type RecordedGift, runFollowUps } from './after-donation.ts';
// wh21: a donation's webhook event, written in the change's transaction (decision 074).
export { recordDonationEvent } from './donation-events.ts';
export { type DonationLookupRow, findDonationsByReference } from './donation-lookup.repository.ts';
export { type DonationDonor, toDonation } from './donation-view.ts';
export type { DonationAnswer, DonationTribute } from './donations.tables.ts';
export { donationStatuses, donations, exchangeRates, ledgerEntries } from './donations.tables.ts';
export {
  type Conversion,
  convertToBase,
  describePath,
  type RateRow,
  type RateSource,
  ratePath,
  usableRates,
  usableRatesJson,
} from './exchange-rates.ts';
// fix15: the names a staff notice about a gift uses (refunds, disputes, failed bank debits).
export { type GiftNames, giftNamesOf } from './gift-names.ts';
// p2p16: a removed fundraiser page's gifts are credited to the campaign alone (decision 044).
export { clearPeerCredit } from './peer-credit.repository.ts';
// wallet15: bank debits recorded pending, then settled by the provider's webhook (decision 038).
export { type DebitOutcome, hasPendingDonation, settlePendingDonation } from './pending-debit.service.ts';
export {
  PLAN_FAILURE,
  type PlanStatus,
  planStatuses,
  RECURRING_INTERVALS,
  type RecurringInterval,
  recurringPlans,
  vaultSetups,
} from './plans.tables.ts';
// admin24: the platform console's transactions across organisations (decision 054).
export {
  listPlatformTransactions,
  type TransactionCursor,
  type TransactionFilters,
} from './platform-transactions.repository.ts';
// im23: an import's gifts, a batch per statement (docs/decisions/102-streaming-donation-import.md).
export {
  type ImportedBatch,
  type ImportedGift,
  type ImportedGiftRows,
  importedGiftRows,
  recordImportedGifts,
  upsertImportedDonors,
} from './record-imported.statement.ts';
export {
  type DonationNotice,
  type DonationRow,
  type GivingInterval,
  type RecordedDonation,
  recordSucceededPayment,
  type SucceededPayment,
} from './record-payment.service.ts';
export { listUsedCurrencies } from './used-currencies.repository.ts';
