// The built-in templates: what every organisation sends until it edits a kind, and what "reset to
// default" returns to. Written as the editor writes (paragraphs, links, bold), so they edit cleanly.
import type { TEmailKind } from '@kindling/contracts/email-template-rules.ts';

export type TemplateSource = { subject: string; html: string };

const greeting = '<p>Dear {{donor_first_name}},</p>';
const closing = '<p>With thanks from everyone at {{organisation_name}}.</p>';
const portalLink = (text: string) => `<p><a href="{{portal_url}}">${text}</a></p>`;
const paymentLink = (text: string) => `<p><a href="{{update_payment_url}}">${text}</a></p>`;

export const DEFAULT_TEMPLATES: Record<TEmailKind, TemplateSource> = {
  receipt: {
    subject: 'Your receipt from {{organisation_name}} ({{receipt_number}})',
    html: [
      greeting,
      '<p>Thank you for your gift of {{amount}} to {{organisation_name}}.</p>',
      portalLink('See your gifts and receipts, or manage a recurring gift'),
      closing,
    ].join(''),
  },
  thank_you: {
    subject: 'Thank you from {{organisation_name}}',
    html: [
      greeting,
      '<p>Your gift of {{amount}}{{#campaign_name}} to {{campaign_name}}{{/campaign_name}} on {{donation_date}} makes a real difference. Thank you for your generosity.</p>',
      closing,
    ].join(''),
  },
  upcoming_charge: {
    subject: 'Your {{plan_interval}} gift to {{organisation_name}} is coming up',
    html: [
      greeting,
      '<p>Your {{plan_interval}} gift of {{amount}} to {{organisation_name}} will be charged on {{next_charge_date}}.</p>',
      '<p>To change the amount or the date, pause or cancel, open your donor page:</p>',
      portalLink('Manage your recurring gift'),
      closing,
    ].join(''),
  },
  failed_charge: {
    subject: 'Your gift to {{organisation_name}} could not be charged',
    html: [
      greeting,
      '<p>We could not charge your {{plan_interval}} gift of {{amount}} to {{organisation_name}}.{{#failure_reason}} {{failure_reason}}{{/failure_reason}}</p>',
      '<p>Please update your payment method so your support can continue:</p>',
      paymentLink('Update your payment method'),
      closing,
    ].join(''),
  },
  card_expiring: {
    subject: 'The card for your gift to {{organisation_name}} is expiring',
    html: [
      greeting,
      '<p>The card you use for your {{plan_interval}} gift of {{amount}} to {{organisation_name}} expires soon.</p>',
      '<p>Please add a new card before your next gift on {{next_charge_date}}:</p>',
      paymentLink('Update your payment method'),
      closing,
    ].join(''),
  },
  plan_cancelled: {
    subject: 'Your recurring gift to {{organisation_name}} has ended',
    html: [
      greeting,
      '<p>Your {{plan_interval}} gift of {{amount}} to {{organisation_name}} has been cancelled. No further payments will be taken.{{#failure_reason}} {{failure_reason}}{{/failure_reason}}</p>',
      '<p>Thank you for all your support. You can see your past gifts or start giving again here:</p>',
      portalLink('Open your donor page'),
      closing,
    ].join(''),
  },
  // pay25: payment requests (docs/decisions/050-payment-requests.md).
  payment_request: {
    subject: '{{organisation_name}}: {{request_purpose}}',
    html: [
      greeting,
      '<p>{{organisation_name}} asks you for {{amount}} for {{request_purpose}}.{{#due_date}} It is due on {{due_date}}.{{/due_date}}</p>',
      '<p><a href="{{payment_url}}">Pay now</a></p>',
      '<p><a href="{{statement_url}}">Download the statement (PDF)</a></p>',
      closing,
    ].join(''),
  },
  payment_request_reminder: {
    subject: 'Reminder: {{request_purpose}} for {{organisation_name}}',
    html: [
      greeting,
      '<p>A friendly reminder: {{amount}} for {{request_purpose}} is still to be paid to {{organisation_name}}.{{#due_date}} It is due on {{due_date}}.{{/due_date}}</p>',
      '<p><a href="{{payment_url}}">Pay now</a></p>',
      '<p><a href="{{statement_url}}">Download the statement (PDF)</a></p>',
      '<p>If you have paid already, thank you, and please ignore this e-mail.</p>',
      closing,
    ].join(''),
  },
};
