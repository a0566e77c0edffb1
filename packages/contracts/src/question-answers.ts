import type { TAnswerType } from './campaigns.ts';
import type { TAnswers } from './donation-choice.ts';

/**
 * Answers to a campaign's questions (docs/product/donation-form.md#questions): the wizard advances
 * only past an answered or optional question, the form is valid only when every required question
 * is answered, and a donation keeps each answer with the question as it read.
 */

type TQuestion = {
  id: number;
  content: string;
  answer_type: TAnswerType;
  options: string[];
  response_required: boolean;
};

/** True when the value counts as an answer: non-blank text or at least one chosen option. */
export function isAnswered(value: string | readonly string[] | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return value.some((v) => v.trim() !== '');
}

/** The wizard's rule: may the donor move past this question? */
export const canAdvance = (
  question: Pick<TQuestion, 'response_required'>,
  value: string | readonly string[] | undefined,
) => !question.response_required || isAnswered(value);

/** Ids of required questions still unanswered, in question order. */
export function unansweredRequired(questions: readonly TQuestion[], answers: TAnswers): number[] {
  return questions.filter((q) => q.response_required && !isAnswered(answers[String(q.id)])).map((q) => q.id);
}

export type TAnswerRecord = { question_id: number; question: string; answer: string };

/**
 * The answers to store on a donation, in question order: the question's text as it read, Checkbox
 * choices joined by ', '. Answers to unknown questions are dropped, and so is a choice that is not
 * one of the question's options (the browser may not add its own).
 */
export function answersForRecord(questions: readonly TQuestion[], answers: TAnswers): TAnswerRecord[] {
  const records: TAnswerRecord[] = [];
  for (const q of questions) {
    const raw = answers[String(q.id)];
    if (!isAnswered(raw)) continue;
    const values = (typeof raw === 'string' ? [raw] : (raw ?? [])).map((v) => v.trim()).filter(Boolean);
    const allowed = q.answer_type === 'Text' ? values : values.filter((v) => q.options.includes(v));
    if (allowed.length > 0) records.push({ question_id: q.id, question: q.content, answer: allowed.join(', ') });
  }
  return records;
}
