import type { TWorkflowInput, TWorkflowRecipe } from '@kindling/contracts';

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
            action: {
              kind: 'send_email',
              subject: 'Welcome to {{organisation_name}}, {{donor_first_name}}',
              html: '<p>Dear {{donor_first_name}},</p><p>Thank you for your first gift to {{organisation_name}}. Over the next weeks we will show you what it does.</p>',
            },
          },
          { delay_days: 0, delay_hours: 0, action: { kind: 'add_tag', tag: 'New donor' } },
          {
            delay_days: 7,
            delay_hours: 0,
            action: {
              kind: 'send_email',
              subject: 'What your gift did this week',
              html: '<p>Dear {{donor_first_name}},</p><p>A week ago you gave for the first time. Here is the difference it is making.</p>',
            },
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
            action: {
              kind: 'send_email',
              subject: 'We miss you, {{donor_first_name}}',
              html: '<p>Dear {{donor_first_name}},</p><p>It has been a year since your last gift to {{organisation_name}}. Here is what supporters like you made possible since.</p>',
            },
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
