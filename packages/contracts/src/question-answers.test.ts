import { describe, expect, it } from 'vitest';
import { answersForRecord, canAdvance, isAnswered, unansweredRequired } from './question-answers.ts';

const questions = [
  {
    id: 1,
    content: 'How did you hear about us?',
    answer_type: 'dropdown',
    options: ['Friend', 'Web'],
    response_required: true,
  },
  { id: 2, content: 'Anything else?', answer_type: 'Text', options: [], response_required: false },
  {
    id: 3,
    content: 'Interests',
    answer_type: 'Checkbox',
    options: ['Food', 'Youth', 'Elders'],
    response_required: true,
  },
] as const satisfies Parameters<typeof answersForRecord>[0];

describe('question answers', () => {
  it('counts blank text and empty choices as unanswered', () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(['Food'])).toBe(true);
    expect(canAdvance(questions[0], '')).toBe(false);
    expect(canAdvance(questions[1], '')).toBe(true);
  });

  it('lists required questions still unanswered', () => {
    expect(unansweredRequired(questions, {})).toEqual([1, 3]);
    expect(unansweredRequired(questions, { 1: 'Web', 3: [] })).toEqual([3]);
    expect(unansweredRequired(questions, { 1: 'Web', 3: ['Food'] })).toEqual([]);
  });

  it('keeps each answer with its question, dropping unknown questions and invented options', () => {
    expect(
      answersForRecord(questions, { 1: 'Web', 2: ' Keep going ', 3: ['Food', 'Hacked', 'Elders'], 99: 'x' }),
    ).toEqual([
      { question_id: 1, question: 'How did you hear about us?', answer: 'Web' },
      { question_id: 2, question: 'Anything else?', answer: 'Keep going' },
      { question_id: 3, question: 'Interests', answer: 'Food, Elders' },
    ]);
    expect(answersForRecord(questions, { 1: 'Radio ga ga' })).toEqual([]);
  });
});
