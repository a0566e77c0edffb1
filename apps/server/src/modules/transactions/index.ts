// Transactions: every payment attempt, failed ones included (recorded here), for staff.
export { type PaymentAttempt, recordPaymentAttempt } from './payment-attempts.repository.ts';
export { type PaymentAttemptStatus, paymentAttemptStatuses } from './transactions.tables.ts';
