// Receipts: the e-mail with a PDF receipt for each recorded donation, and the new donor's
// thank-you after a first gift, sent by durable jobs.

export { donationGoods } from './donation-goods.tables.ts';
// cf17b: a gift's goods or services (a crowdfunding reward) for the receipt's deductible part.
export { recordGoodsReceived } from './donation-goods.ts';
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
