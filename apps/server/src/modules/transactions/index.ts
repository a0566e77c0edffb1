// Transactions: every payment attempt, failed ones included (recorded here), for staff.
export { recordFailedPaymentEvent } from './failed-payment-event.ts';
export { type PaymentAttempt, recordPaymentAttempt } from './payment-attempts.repository.ts';
export { transactionRoutes } from './transactions.routes.ts';
export { type PaymentAttemptStatus, paymentAttemptStatuses } from './transactions.tables.ts';
