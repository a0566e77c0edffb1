// Questions for each attendee of an event (docs/product/events.md#public-page): the campaign
// question kinds and rules, asked once per ticket, each answer kept with the question as it read.
import type { TCampaignQuestion } from './campaigns.ts';
import type { TAnswers } from './donation-choice.ts';
import { isAnswered } from './question-answers.ts';

export const EVENT_QUESTION_MESSAGES = {
  required: 'Answer this question.',
  notAnOption: 'Choose one of the options given.',
  oneOption: 'Choose only one option.',
} as const;

/** The first problem with each answer, keyed by question id; empty when every answer will do. */
export function attendeeAnswerIssues(
  questions: readonly TCampaignQuestion[],
  answers: TAnswers,
): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const q of questions) {
    const raw = answers[String(q.id)];
    if (!isAnswered(raw)) {
      if (q.response_required) issues[q.id] = EVENT_QUESTION_MESSAGES.required;
      continue;
    }
    if (q.answer_type === 'Text') continue;
    const values = (typeof raw === 'string' ? [raw] : (raw ?? [])).map((v) => v.trim()).filter(Boolean);
    if (values.some((v) => !q.options.includes(v))) issues[q.id] = EVENT_QUESTION_MESSAGES.notAnOption;
    else if (q.answer_type !== 'Checkbox' && values.length > 1) issues[q.id] = EVENT_QUESTION_MESSAGES.oneOption;
  }
  return issues;
}
