// Receipts: the e-mail with a PDF receipt for each recorded donation, and the new donor's
// thank-you after a first gift, sent by durable jobs.

export { renderDonationReceipt } from './receipt-document.ts';
export { type ReceiptDeps, type ReceiptJob, receiptQueue, registerReceipts, sendReceipt } from './receipts.jobs.ts';
export {
  claimThankYou,
  registerThankYous,
  sendThankYou,
  type ThankYouJob,
  thankYouNoticeKey,
  thankYouQueue,
} from './thank-you.jobs.ts';
