// Questions for each attendee (docs/product/events.md#public-page): kept on the event in the campaign
// question shape, answered once per ticket; a table's guests are asked through its holder.
import {
  answersForRecord,
  attendeeAnswerIssues,
  type TAnswerRecord,
  type TAnswers,
  type TCampaignQuestion,
  type ZEventInput,
} from '@kindling/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';

type QuestionInput = z.output<typeof ZEventInput>['questions'][number];

/** The questions as saved: an edited question keeps its id (its answers stay linked), a new one gets the next. */
export function numberQuestions(input: QuestionInput[], existing: readonly TCampaignQuestion[]): TCampaignQuestion[] {
  let next = Math.max(0, ...existing.map((q) => q.id)) + 1;
  return input.map((q) => ({
    id: q.id !== undefined && existing.some((e) => e.id === q.id) ? q.id : next++,
    content: q.content,
    answer_type: q.answer_type,
    options: q.answer_type === 'Text' ? [] : q.options,
    response_required: q.response_required,
  }));
}

/** Each attendee's answers checked and made ready to keep; the first bad one is a 400 on its field. */
export function attendeeAnswers(
  questions: readonly TCampaignQuestion[],
  attendees: ReadonlyArray<{ answers?: TAnswers | undefined }>,
): TAnswerRecord[][] {
  const fields: Record<string, string> = {};
  attendees.forEach((a, i) => {
    for (const [id, message] of Object.entries(attendeeAnswerIssues(questions, a.answers ?? {}))) {
      fields[`attendees.${i}.answers.${id}`] = message;
    }
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, fields);
  return attendees.map((a) => answersForRecord(questions, a.answers ?? {}));
}

/** What a ticket row holds: the answers kept with it (older rows hold an empty object). */
export const storedAnswers = (value: unknown): TAnswerRecord[] => (Array.isArray(value) ? value : []);
