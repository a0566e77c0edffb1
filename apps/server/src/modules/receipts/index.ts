// Receipts: the e-mail with a PDF receipt for each recorded donation, sent by a durable job.

export { renderDonationReceipt } from './receipt-document.ts';
export { type ReceiptDeps, type ReceiptJob, receiptQueue, registerReceipts, sendReceipt } from './receipts.jobs.ts';
