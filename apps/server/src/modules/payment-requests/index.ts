// Payment requests (docs/decisions/050-payment-requests.md): staff ask a known payer for a known amount,
// paid at /pay/{id} through checkout; the request gate and the gift follow-up are handed to checkout by app.ts.

// pay25c: instalments' later charges, counted by the recurring scheduler's hook (docs/decisions/062-payment-request-instalments.md).
export { countInstalmentCharge } from './payment-request-instalments.ts';
// pay25b: the reminders' sweep (docs/decisions/055-payment-request-e-mails.md).
export { registerPaymentRequestReminders, sweepPaymentRequestReminders } from './payment-request-reminders.ts';
export { paymentRequestRoutes } from './payment-requests.routes.ts';
// mem19c: memberships ask for an upgrade's prorated difference with a payment request (docs/decisions/064-member-cards.md).
export { createPaymentRequest, linkRequestPayment, requestGate } from './payment-requests.service.ts';
export { paymentRequestPayments, paymentRequests } from './payment-requests.tables.ts';
