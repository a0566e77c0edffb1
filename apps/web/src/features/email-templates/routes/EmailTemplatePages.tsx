import {
  ONE_TIME_EMAIL_KINDS,
  PAYMENT_REQUEST_TEMPLATE_KINDS,
  RECURRING_EMAIL_KINDS,
} from '@kindling/contracts/email-template-rules.ts';
import { TemplateKindsPage } from './TemplateKindsPage.tsx';

/** /dashboard/campaigns/one-time-emails: the receipt and the thank-you e-mail. */
export function OneTimeEmailsPage() {
  return (
    <TemplateKindsPage
      pattern="/dashboard/campaigns/one-time-emails"
      title="One-time gift emails"
      kinds={ONE_TIME_EMAIL_KINDS}
    />
  );
}

/** /dashboard/campaigns/recurring-emails: upcoming charge, failed charge, card expiring, plan cancelled. */
export function RecurringEmailsPage() {
  return (
    <TemplateKindsPage
      pattern="/dashboard/campaigns/recurring-emails"
      title="Recurring gift emails"
      kinds={RECURRING_EMAIL_KINDS}
    />
  );
}

// pay25b: payment request e-mails (docs/decisions/055-payment-request-e-mails.md).
/** /dashboard/payment-requests/emails: the request e-mail and its reminder. */
export function PaymentRequestEmailsPage() {
  return (
    <TemplateKindsPage
      pattern="/dashboard/payment-requests/emails"
      title="Payment request emails"
      kinds={PAYMENT_REQUEST_TEMPLATE_KINDS}
    />
  );
}
