import type {
  TWorkflowAction,
  TWorkflowActionKind,
  TWorkflowCondition,
  TWorkflowTrigger,
  TWorkflowTriggerKind,
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
