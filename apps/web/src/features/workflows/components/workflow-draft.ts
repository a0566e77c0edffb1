import {
  type TMarketingEmail,
  type TWorkflowAction,
  type TWorkflowActionKind,
  type TWorkflowCondition,
  type TWorkflowTrigger,
  type TWorkflowTriggerKind,
  WORKFLOW_EMAIL_STARTERS,
} from '@kindling/contracts';

/** The editor's state: what the API takes, with every step's delay given. */
export type Draft = {
  name: string;
  trigger: TWorkflowTrigger;
  conditions: TWorkflowCondition[];
  steps: Array<{ delay_days: number; delay_hours: number; action: TWorkflowAction }>;
};

export function triggerOf(kind: TWorkflowTriggerKind, currency: string): TWorkflowTrigger {
  if (kind === 'gift_above') return { kind, amount_minor: 50_000, currency };
  if (kind === 'segment_added') return { kind, segment_id: 0 };
  if (kind === 'no_gift_for_days') return { kind, days: 365 };
  if (kind === 'form_submitted') return { kind, campaign_id: null };
  return { kind };
}

export function actionOf(kind: TWorkflowActionKind): TWorkflowAction {
  switch (kind) {
    case 'send_email':
      return { kind, subject: '', html: '' };
    case 'create_task':
      return { kind, title: '', assignee_user_id: null, due_in_days: 3 };
    case 'add_tag':
    case 'remove_tag':
      return { kind, tag: '' };
    case 'add_to_list':
      return { kind, segment_id: 0 };
    case 'notify_staff':
      return { kind, message: '' };
    case 'call_webhook':
      return { kind };
  }
}

export function conditionOf(kind: TWorkflowCondition['kind']): TWorkflowCondition {
  return kind === 'has_tag' || kind === 'lacks_tag' ? { kind, tag: '' } : { kind, amount_minor: 10_000 };
}

export const CONDITION_LABELS: Record<TWorkflowCondition['kind'], string> = {
  has_tag: 'Contact has the tag',
  lacks_tag: 'Contact does not have the tag',
  gift_at_least: 'Gift is at least',
  gift_below: 'Gift is below',
};

export const emptyDraft = (): Draft => ({
  name: '',
  trigger: { kind: 'first_gift' },
  conditions: [],
  steps: [{ delay_days: 0, delay_hours: 0, action: actionOf('send_email') }],
});

/** An e-mail an e-mail step can start from: its subject and body are copied into the step. */
export type EmailSource = { value: string; label: string; group: string; subject: string; html: string };

/** The ready-made e-mails, then the organisation's campaign e-mails (decision 098). */
export function emailSources(campaignEmails: readonly TMarketingEmail[]): EmailSource[] {
  return [
    ...WORKFLOW_EMAIL_STARTERS.map((s) => ({
      value: `starter:${s.key}`,
      label: s.label,
      group: 'Ready-made',
      subject: s.subject,
      html: s.html,
    })),
    ...campaignEmails.map((e) => ({
      value: `email:${e.id}`,
      label: e.name,
      group: 'Your campaign e-mails',
      subject: e.subject,
      html: e.html,
    })),
  ];
}
