import { type TWorkflowInput, type TWorkflowRecipe, workflowEmailStarter } from '@kindling/contracts';

const email = (key: Parameters<typeof workflowEmailStarter>[0]) => {
  const { subject, html } = workflowEmailStarter(key);
  return { kind: 'send_email' as const, subject, html };
};

// The ready-made recipes (docs/product/crm-workflow-automation.md#recipes): a starting point staff edit.
export function recipeWorkflow(recipe: TWorkflowRecipe, currency: string): TWorkflowInput {
  switch (recipe) {
    case 'welcome_series':
      return {
        name: 'Welcome series for first-time donors',
        trigger: { kind: 'first_gift' },
        conditions: [],
        steps: [
          {
            delay_days: 0,
            delay_hours: 0,
            action: email('welcome'),
          },
          { delay_days: 0, delay_hours: 0, action: { kind: 'add_tag', tag: 'New donor' } },
          {
            delay_days: 7,
            delay_hours: 0,
            action: email('week_later'),
          },
        ],
      };
    case 'thank_you_call':
      return {
        name: 'Thank-you call for large gifts',
        trigger: { kind: 'gift_above', amount_minor: 50_000, currency },
        conditions: [],
        steps: [
          {
            delay_days: 0,
            delay_hours: 0,
            action: { kind: 'create_task', title: 'Call to say thank you', assignee_user_id: null, due_in_days: 2 },
          },
          {
            delay_days: 0,
            delay_hours: 0,
            action: { kind: 'notify_staff', message: 'gave a large gift: a thank-you call is planned.' },
          },
        ],
      };
    case 'lapsed_win_back':
      return {
        name: 'Lapsed-donor win-back',
        trigger: { kind: 'no_gift_for_days', days: 365 },
        conditions: [],
        steps: [
          {
            delay_days: 0,
            delay_hours: 0,
            action: email('win_back'),
          },
          { delay_days: 0, delay_hours: 0, action: { kind: 'add_tag', tag: 'Lapsed' } },
          {
            delay_days: 14,
            delay_hours: 0,
            action: { kind: 'create_task', title: 'Call a lapsed donor', assignee_user_id: null, due_in_days: 7 },
          },
        ],
      };
  }
}
