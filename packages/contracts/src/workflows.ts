import { z } from 'zod';

/**
 * Workflow automation (docs/product/crm-workflow-automation.md): trigger → conditions → steps, each
 * step an action after a delay. Triggers read the platform's event outbox or a periodic sweep.
 */
export const WORKFLOW_TRIGGER_KINDS = [
  'first_gift',
  'any_gift',
  'gift_above',
  'plan_started',
  'plan_failed',
  'plan_cancelled',
  'membership_lapsing',
  'ticket_bought',
  'segment_added',
  'birthday',
  'first_gift_anniversary',
  'no_gift_for_days',
  'form_submitted',
] as const;
export type TWorkflowTriggerKind = (typeof WORKFLOW_TRIGGER_KINDS)[number];

export const WORKFLOW_TRIGGER_LABELS: Record<TWorkflowTriggerKind, string> = {
  first_gift: 'First gift',
  any_gift: 'Any gift',
  gift_above: 'Gift of at least an amount',
  plan_started: 'Recurring plan started',
  plan_failed: 'Recurring payment failed',
  plan_cancelled: 'Recurring plan cancelled',
  membership_lapsing: 'Membership lapsing',
  ticket_bought: 'Event ticket bought',
  segment_added: 'Added to a segment or list',
  birthday: 'Birthday',
  first_gift_anniversary: 'First-gift anniversary',
  no_gift_for_days: 'No gift for a number of days',
  form_submitted: 'Donation form submitted',
};

export const WORKFLOW_ACTION_KINDS = [
  'send_email',
  'create_task',
  'add_tag',
  'remove_tag',
  'add_to_list',
  'notify_staff',
  'call_webhook',
] as const;
export type TWorkflowActionKind = (typeof WORKFLOW_ACTION_KINDS)[number];

export const WORKFLOW_ACTION_LABELS: Record<TWorkflowActionKind, string> = {
  send_email: 'Send an e-mail',
  create_task: 'Create a task',
  add_tag: 'Add a tag',
  remove_tag: 'Remove a tag',
  add_to_list: 'Add to a list',
  notify_staff: 'Notify staff',
  call_webhook: 'Call the webhooks',
};

/**
 * Ready-made e-mails a workflow's e-mail step can start from (besides the organisation's campaign
 * e-mails), with the contact merge fields only; the recipes use the same texts (decision 098).
 */
export const WORKFLOW_EMAIL_STARTERS = [
  {
    key: 'welcome',
    label: 'Welcome a first-time donor',
    subject: 'Welcome to {{organisation_name}}, {{donor_first_name}}',
    html: '<p>Dear {{donor_first_name}},</p><p>Thank you for your first gift to {{organisation_name}}. Over the next weeks we will show you what it does.</p>',
  },
  {
    key: 'week_later',
    label: 'What the gift did, a week later',
    subject: 'What your gift did this week',
    html: '<p>Dear {{donor_first_name}},</p><p>A week ago you gave for the first time. Here is the difference it is making.</p>',
  },
  {
    key: 'win_back',
    label: 'We miss you (lapsed donor)',
    subject: 'We miss you, {{donor_first_name}}',
    html: '<p>Dear {{donor_first_name}},</p><p>It has been a year since your last gift to {{organisation_name}}. Here is what supporters like you made possible since.</p>',
  },
  {
    key: 'thank_you',
    label: 'Thank you for your support',
    subject: 'Thank you, {{donor_first_name}}',
    html: '<p>Dear {{donor_first_name}},</p><p>Thank you for standing with {{organisation_name}}. Your support keeps our work going.</p>',
  },
  {
    key: 'birthday',
    label: 'Happy birthday',
    subject: 'Happy birthday from {{organisation_name}}',
    html: '<p>Dear {{donor_first_name}},</p><p>Everyone at {{organisation_name}} wishes you a very happy birthday, and thanks you for being part of what we do.</p>',
  },
] as const;
export type TWorkflowEmailStarter = (typeof WORKFLOW_EMAIL_STARTERS)[number];
export const workflowEmailStarter = (key: TWorkflowEmailStarter['key']) =>
  WORKFLOW_EMAIL_STARTERS.find((s) => s.key === key) as TWorkflowEmailStarter;

export const WORKFLOW_RECIPES = ['welcome_series', 'thank_you_call', 'lapsed_win_back'] as const;
export type TWorkflowRecipe = (typeof WORKFLOW_RECIPES)[number];

export const WORKFLOW_MESSAGES = {
  name: 'Give the workflow a name of up to 120 characters.',
  amount: 'Enter an amount greater than zero.',
  currency: 'Choose the currency of the amount.',
  segment: 'Choose the segment or list that starts the workflow.',
  segmentMissing: 'That segment or list does not exist in this organisation.',
  campaign: 'Choose the campaign whose form starts the workflow.',
  campaignMissing: 'That campaign does not exist in this organisation.',
  days: 'Enter a number of days between 1 and 3650.',
  steps: 'Add between one and ten steps.',
  delay: 'A delay is 0 to 365 days and 0 to 23 hours.',
  subject: 'Enter a subject of up to 200 characters.',
  body: 'Write the e-mail body.',
  taskTitle: 'Enter a task title of up to 200 characters.',
  tag: 'Enter a tag of up to 60 characters.',
  list: 'Choose a list.',
  listMissing: 'That list does not exist in this organisation, or it is not a hand-picked list.',
  assigneeMissing: 'The task owner is not a member of this organisation.',
  message: 'Write the message staff receive, up to 500 characters.',
  condition: 'Complete or remove the condition.',
  notFound: 'Workflow not found.',
  recipe: 'Choose one of the ready-made recipes.',
} as const;

const money = z
  .number({ message: WORKFLOW_MESSAGES.amount })
  .int(WORKFLOW_MESSAGES.amount)
  .positive(WORKFLOW_MESSAGES.amount);
const id = (message: string) => z.number({ message }).int(message).positive(message);

export const ZWorkflowTrigger = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('gift_above'),
    amount_minor: money,
    currency: z.string().length(3, WORKFLOW_MESSAGES.currency),
  }),
  z.object({ kind: z.literal('segment_added'), segment_id: id(WORKFLOW_MESSAGES.segment) }),
  // The donation form of one campaign (or of any, when null) submitted and paid (decision 098).
  z.object({
    kind: z.literal('form_submitted'),
    campaign_id: id(WORKFLOW_MESSAGES.campaign).nullable().default(null),
  }),
  z.object({
    kind: z.literal('no_gift_for_days'),
    days: z
      .number({ message: WORKFLOW_MESSAGES.days })
      .int(WORKFLOW_MESSAGES.days)
      .min(1, WORKFLOW_MESSAGES.days)
      .max(3650, WORKFLOW_MESSAGES.days),
  }),
  ...(
    [
      'first_gift',
      'any_gift',
      'plan_started',
      'plan_failed',
      'plan_cancelled',
      'membership_lapsing',
      'ticket_bought',
      'birthday',
      'first_gift_anniversary',
    ] as const
  ).map((kind) => z.object({ kind: z.literal(kind) })),
]);
export type TWorkflowTrigger = z.infer<typeof ZWorkflowTrigger>;

const tag = z.string().trim().min(1, WORKFLOW_MESSAGES.tag).max(60, WORKFLOW_MESSAGES.tag);

/** Checked when the trigger fires: all must hold for a run to start. */
export const ZWorkflowCondition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('has_tag'), tag }),
  z.object({ kind: z.literal('lacks_tag'), tag }),
  z.object({ kind: z.literal('gift_at_least'), amount_minor: money }),
  z.object({ kind: z.literal('gift_below'), amount_minor: money }),
]);
export type TWorkflowCondition = z.infer<typeof ZWorkflowCondition>;

export const ZWorkflowAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('send_email'),
    subject: z.string().trim().min(1, WORKFLOW_MESSAGES.subject).max(200, WORKFLOW_MESSAGES.subject),
    html: z.string().trim().min(1, WORKFLOW_MESSAGES.body).max(50_000, WORKFLOW_MESSAGES.body),
  }),
  z.object({
    kind: z.literal('create_task'),
    title: z.string().trim().min(1, WORKFLOW_MESSAGES.taskTitle).max(200, WORKFLOW_MESSAGES.taskTitle),
    assignee_user_id: z.number().int().positive().nullable().default(null),
    due_in_days: z.number().int().min(0).max(365).default(3),
  }),
  z.object({ kind: z.literal('add_tag'), tag }),
  z.object({ kind: z.literal('remove_tag'), tag }),
  z.object({ kind: z.literal('add_to_list'), segment_id: id(WORKFLOW_MESSAGES.list) }),
  z.object({
    kind: z.literal('notify_staff'),
    message: z.string().trim().min(1, WORKFLOW_MESSAGES.message).max(500, WORKFLOW_MESSAGES.message),
  }),
  z.object({ kind: z.literal('call_webhook') }),
]);
export type TWorkflowAction = z.infer<typeof ZWorkflowAction>;

const hours = z
  .number({ message: WORKFLOW_MESSAGES.delay })
  .int(WORKFLOW_MESSAGES.delay)
  .min(0, WORKFLOW_MESSAGES.delay);
export const ZWorkflowStep = z.object({
  delay_days: hours.max(365, WORKFLOW_MESSAGES.delay).default(0),
  delay_hours: hours.max(23, WORKFLOW_MESSAGES.delay).default(0),
  action: ZWorkflowAction,
});
export type TWorkflowStep = z.infer<typeof ZWorkflowStep>;

export const ZWorkflowInput = z.object({
  name: z.string().trim().min(1, WORKFLOW_MESSAGES.name).max(120, WORKFLOW_MESSAGES.name),
  trigger: ZWorkflowTrigger,
  conditions: z.array(ZWorkflowCondition).max(10, WORKFLOW_MESSAGES.condition).default([]),
  steps: z.array(ZWorkflowStep).min(1, WORKFLOW_MESSAGES.steps).max(10, WORKFLOW_MESSAGES.steps),
});
export type TWorkflowInput = z.input<typeof ZWorkflowInput>;

export const WORKFLOW_STATUSES = ['active', 'paused'] as const;
export const ZWorkflowRunCounts = z.object({
  scheduled: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});

export const ZWorkflow = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  recipe: z.enum(WORKFLOW_RECIPES).nullable(),
  trigger: ZWorkflowTrigger,
  conditions: z.array(ZWorkflowCondition),
  steps: z.array(ZWorkflowStep),
  contacts: z.number().int(),
  runs: ZWorkflowRunCounts,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWorkflow = z.infer<typeof ZWorkflow>;
export const ZWorkflowList = z.object({ workflows: z.array(ZWorkflow) });

export const WORKFLOW_RUN_STATUSES = ['scheduled', 'running', 'done', 'skipped', 'failed', 'interrupted'] as const;
export const ZWorkflowRun = z.object({
  id: z.number().int(),
  contact_id: z.number().int(),
  contact_name: z.string(),
  trigger_key: z.string(),
  step_index: z.number().int(),
  action: z.enum(WORKFLOW_ACTION_KINDS),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  due_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.string(),
});
export type TWorkflowRun = z.infer<typeof ZWorkflowRun>;
export const ZWorkflowRunList = z.object({ runs: z.array(ZWorkflowRun) });

export const ZWorkflowStatusInput = z.object({ status: z.enum(WORKFLOW_STATUSES) });
export const ZWorkflowRecipeInput = z.object({
  recipe: z.enum(WORKFLOW_RECIPES, { message: WORKFLOW_MESSAGES.recipe }),
});

/** Who the trigger (and conditions) would have matched in the last 30 days. */
export const ZWorkflowDryRun = z.object({
  total: z.number().int(),
  contacts: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), matched_at: z.string() })),
});
export type TWorkflowDryRun = z.infer<typeof ZWorkflowDryRun>;
