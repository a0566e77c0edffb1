// Payment requests (docs/decisions/050-payment-requests.md): /dashboard/payment-requests (list, totals
// outstanding, export), /dashboard/payment-request-new and one request's page; the donor page's link block.
export { DonorPaymentRequests } from './routes/DonorPaymentRequests.tsx';
export { PaymentRequestNewPage } from './routes/PaymentRequestNewPage.tsx';
export { PaymentRequestPage } from './routes/PaymentRequestPage.tsx';
export { PaymentRequestsPage } from './routes/PaymentRequestsPage.tsx';
