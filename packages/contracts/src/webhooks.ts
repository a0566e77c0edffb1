import { z } from 'zod';

/**
 * Outbound webhooks (docs/product/integrations.md#webhooks): an organisation's endpoints receive signed
 * deliveries of the events they chose.
 */
export const WEBHOOK_EVENT_TYPES = [
  'donation.succeeded',
  'donation.refunded',
  'donation.disputed',
  'plan.created',
  'plan.updated',
  'plan.cancelled',
  'donor.created',
  'donor.updated',
  'donor.merged',
  'ticket.bought',
  'membership.changed',
  // w21: a workflow's "call the webhooks" step (docs/product/crm-workflow-automation.md).
  'workflow.step',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<TWebhookEventType, string> = {
  'donation.succeeded': 'Donation succeeded',
  'donation.refunded': 'Donation refunded',
  'donation.disputed': 'Donation disputed',
  'plan.created': 'Recurring plan created',
  'plan.updated': 'Recurring plan updated',
  'plan.cancelled': 'Recurring plan cancelled',
  'donor.created': 'Donor created',
  'donor.updated': 'Donor updated',
  'donor.merged': 'Donors merged',
  'ticket.bought': 'Ticket bought',
  'membership.changed': 'Membership changed',
  'workflow.step': 'Workflow step reached',
};

/** The header a receiver verifies: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Kindling-Signature';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_MESSAGES = {
  url: 'Enter the address that receives the events, starting with https:// or http://.',
  urlPrivate: 'This address points inside a private network. Use a public address.',
  urlUnresolved: 'This address could not be found. Check the host name.',
  events: 'Choose at least one event to send.',
  description: 'Keep the description under 200 characters.',
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
} as const;

export const ZWebhookEndpointInput = z.object({
  url: z
    .string()
    .trim()
    .max(2000, WEBHOOK_MESSAGES.url)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), WEBHOOK_MESSAGES.url),
  description: z.string().trim().max(200, WEBHOOK_MESSAGES.description).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { message: WEBHOOK_MESSAGES.events }))
    .min(1, WEBHOOK_MESSAGES.events)
    .transform((s) => [...new Set(s)]),
  enabled: z.boolean().default(true),
});
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** The secret's first characters, to tell which one a receiver holds. */
  secret_prefix: z.string(),
  /** Why Kindling turned the endpoint off, when it did. */
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number().int(),
  created_at: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointList = z.object({ endpoints: z.array(ZWebhookEndpoint) });
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

/** Creating an endpoint or rotating its secret: the only answers that carry the secret. */
export const ZWebhookSecret = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

export const ZWebhookAttempt = z.object({
  id: z.number().int(),
  attempted_at: z.string(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_status: z.number().int().nullable(),
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  manual: z.boolean(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  attempt_log: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ deliveries: z.array(ZWebhookDelivery) });
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;
