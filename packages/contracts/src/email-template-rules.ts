// E-mail templates without zod: the kinds, the merge fields and what each kind must keep, shared by
// the server (validation, rendering) and the web editor (field picker, page grouping).

export const EMAIL_KINDS = [
  'receipt',
  'thank_you',
  'upcoming_charge',
  'failed_charge',
  'card_expiring',
  'plan_cancelled',
  // pay25: the payment request e-mail and its reminder (docs/decisions/050-payment-requests.md).
  'payment_request',
  'payment_request_reminder',
] as const;
export type TEmailKind = (typeof EMAIL_KINDS)[number];

export const MERGE_FIELDS = [
  'donor_first_name',
  'donor_name',
  'organisation_name',
  'campaign_name',
  'amount',
  'donation_date',
  'receipt_number',
  'plan_interval',
  'next_charge_date',
  'failure_reason',
  'portal_url',
  'update_payment_url',
  // pay25: payment requests.
  'request_purpose',
  'due_date',
  'payment_url',
  'statement_url',
] as const;
export type TMergeField = (typeof MERGE_FIELDS)[number];

export const isMergeField = (name: string): name is TMergeField => (MERGE_FIELDS as readonly string[]).includes(name);
export const isEmailKind = (name: string): name is TEmailKind => (EMAIL_KINDS as readonly string[]).includes(name);

/** Merge fields whose value is a URL: the only ones a link's address may be. */
export const URL_MERGE_FIELDS: readonly TMergeField[] = [
  'portal_url',
  'update_payment_url',
  // pay25: payment requests.
  'payment_url',
  'statement_url',
];

export const EMAIL_KIND_LABELS: Record<TEmailKind, string> = {
  receipt: 'Receipt',
  thank_you: 'Thank you',
  upcoming_charge: 'Upcoming charge',
  failed_charge: 'Failed charge',
  card_expiring: 'Card expiring',
  plan_cancelled: 'Plan cancelled',
  // pay25: payment requests.
  payment_request: 'Payment request',
  payment_request_reminder: 'Payment reminder',
};

export const EMAIL_KIND_DESCRIPTIONS: Record<TEmailKind, string> = {
  receipt: 'Sent with the PDF receipt of every gift. The receipt details and the tax wording are added below it.',
  thank_you:
    'A personal thank-you to a new donor after their first gift, besides the receipt. Sent once you save your own version.',
  upcoming_charge:
    'Sent 3 days before a monthly gift is charged and 7 days before a quarterly or yearly one (not for weekly or daily gifts).',
  failed_charge: 'Sent when a recurring charge fails, with a link to update the payment method.',
  card_expiring: 'Sent once when the card of a recurring gift expires this month or next.',
  plan_cancelled: 'Sent when a recurring gift ends.',
  // pay25: payment requests.
  payment_request:
    'Sent when you create a payment request with “E-mail it now”, and when you resend it from the request’s page.',
  payment_request_reminder:
    'Sent before and after a request’s due date while it is not paid, as set under Reminders on the payment requests page.',
};

/** The kinds on each staff page. */
export const ONE_TIME_EMAIL_KINDS: readonly TEmailKind[] = ['receipt', 'thank_you'];
export const RECURRING_EMAIL_KINDS: readonly TEmailKind[] = [
  'upcoming_charge',
  'failed_charge',
  'card_expiring',
  'plan_cancelled',
];
// pay25: the kinds on /dashboard/payment-requests/emails.
export const PAYMENT_REQUEST_TEMPLATE_KINDS: readonly TEmailKind[] = ['payment_request', 'payment_request_reminder'];

export const MERGE_FIELD_LABELS: Record<TMergeField, string> = {
  donor_first_name: 'Donor first name',
  donor_name: 'Donor full name',
  organisation_name: 'Organisation name',
  campaign_name: 'Campaign name',
  amount: 'Amount',
  donation_date: 'Donation date',
  receipt_number: 'Receipt number',
  plan_interval: 'Recurring interval',
  next_charge_date: 'Next charge date',
  failure_reason: 'Failure reason',
  portal_url: 'Donor portal link',
  update_payment_url: 'Update payment method link',
  // pay25: payment requests.
  request_purpose: 'What the payment is for',
  due_date: 'Due date',
  payment_url: 'Payment link',
  statement_url: 'Statement (PDF) link',
};

/**
 * The link a kind's body must keep, so no edit can take away the donor's way to manage their
 * gifts: every receipt and recurring e-mail carries the portal link, and the e-mails about a
 * payment problem carry the link that opens the payment method change.
 */
export const REQUIRED_MERGE_FIELDS: Record<TEmailKind, readonly TMergeField[]> = {
  receipt: ['portal_url'],
  thank_you: [],
  upcoming_charge: ['portal_url'],
  failed_charge: ['update_payment_url'],
  card_expiring: ['update_payment_url'],
  plan_cancelled: ['portal_url'],
  // pay25: a payment request e-mail always carries its payment link.
  payment_request: ['payment_url'],
  payment_request_reminder: ['payment_url'],
};

/** The values the preview renders with. */
export const SAMPLE_MERGE_VALUES: Record<TMergeField, string> = {
  donor_first_name: 'Ada',
  donor_name: 'Ada Lovelace',
  organisation_name: 'Your organisation',
  campaign_name: 'Spring Appeal',
  amount: '$25.00',
  donation_date: 'November 21, 2026',
  receipt_number: '1-000042',
  plan_interval: 'monthly',
  next_charge_date: 'December 21, 2026',
  failure_reason: 'Your card was declined.',
  portal_url: 'https://example.org/portal/sample',
  update_payment_url: 'https://example.org/portal/sample?plan=1',
  // pay25: payment requests.
  request_purpose: 'Harvest Gala table sponsorship',
  due_date: 'December 3, 2026',
  payment_url: 'https://example.org/pay/sample',
  statement_url: 'https://example.org/api/v1/payment_requests/sample/statement.pdf',
};

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_HTML_MAX = 50_000;
