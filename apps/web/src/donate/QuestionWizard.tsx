// The campaign's questions, one at a time (docs/product/donation-form.md#questions): radio and dropdown advance on
// choice, checkbox and text have Continue, the last question stays, a required question blocks.
import type { TCampaignQuestion } from '@kindling/contracts';
import { DONATION_FORM_TEXT } from '@kindling/contracts/donation-constants.ts';
import { isAnswered } from '@kindling/contracts/question-answers.ts';
import type { Dispatch } from 'react';
import type { StepOneAction, StepOneState } from './step-one-state.ts';

type Props = { questions: TCampaignQuestion[]; state: StepOneState; dispatch: Dispatch<StepOneAction> };

export function QuestionWizard({ questions, state, dispatch }: Props) {
  const question = questions[state.questionIndex];
  if (!question) return null;
  const total = questions.length;
  const position = state.questionIndex + 1;
  const isLast = position === total;
  const value = state.answers[String(question.id)];
  const answer = (next: string | string[], advance: boolean) =>
    dispatch({ type: 'answer', questions, id: question.id, value: next, advance: advance && !isLast });
  const labelId = `kd-q-${question.id}`;
  const text = typeof value === 'string' ? value : '';
  const checked = Array.isArray(value) ? value : [];
  const answered = isAnswered(question.answer_type === 'Checkbox' ? checked : text);
  // An optional question never traps the donor: 'Skip' moves past it unanswered
  // (docs/product/donation-form.md#questions).
  const skippable = !question.response_required && !answered;
  const showContinue =
    !isLast &&
    (skippable || question.answer_type === 'Checkbox' || (question.answer_type === 'Text' && isAnswered(text)));

  return (
    <section className="kd-section kd-wizard" aria-labelledby={labelId}>
      <div className="kd-wizard-head">
        <span className="kd-wizard-count">{DONATION_FORM_TEXT.questionProgress(position, total)}</span>
        {state.questionIndex > 0 && (
          <button type="button" className="kd-link" onClick={() => dispatch({ type: 'back' })}>
            Previous question
          </button>
        )}
      </div>
      <div
        className="kd-progress"
        role="progressbar"
        aria-label="Questions answered"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={position}
      >
        <span style={{ width: `${(position / total) * 100}%` }} />
      </div>
      <p id={labelId} className="kd-question">
        {question.content}
        {question.response_required ? (
          <>
            <span className="kd-required" aria-hidden="true">
              {' '}
              *
            </span>
            <span className="kd-sr"> (required)</span>
          </>
        ) : (
          <span className="kd-optional"> (optional)</span>
        )}
      </p>
      {question.answer_type === 'dropdown' && (
        <select
          className="kd-select"
          aria-labelledby={labelId}
          value={text}
          onChange={(event) => answer(event.currentTarget.value, true)}
        >
          <option value="">{DONATION_FORM_TEXT.selectOption}</option>
          {question.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
      {question.answer_type === 'Radio' && (
        <fieldset className="kd-choices">
          <legend className="kd-sr">{question.content}</legend>
          {question.options.map((option) => (
            <label key={option} className="kd-choice">
              <input type="radio" name={labelId} checked={text === option} onChange={() => answer(option, true)} />
              <span>{option}</span>
            </label>
          ))}
        </fieldset>
      )}
      {question.answer_type === 'Checkbox' && (
        <fieldset className="kd-choices">
          <legend className="kd-sr">{question.content}</legend>
          {question.options.map((option) => (
            <label key={option} className="kd-choice">
              <input
                type="checkbox"
                checked={checked.includes(option)}
                onChange={(event) =>
                  answer(
                    event.currentTarget.checked ? [...checked, option] : checked.filter((o) => o !== option),
                    false,
                  )
                }
              />
              <span>{option}</span>
            </label>
          ))}
        </fieldset>
      )}
      {question.answer_type === 'Text' && (
        <input
          className="kd-input"
          aria-labelledby={labelId}
          placeholder={DONATION_FORM_TEXT.typeAnswer}
          value={text}
          maxLength={2000}
          onChange={(event) => answer(event.currentTarget.value, false)}
        />
      )}
      {state.wizardError && (
        <p className="kd-field-error" role="alert">
          {state.wizardError}
        </p>
      )}
      {showContinue && (
        <button
          type="button"
          className="kd-button kd-secondary"
          onClick={() => dispatch({ type: 'advance', questions })}
        >
          {skippable ? DONATION_FORM_TEXT.skip : DONATION_FORM_TEXT.continue}
        </button>
      )}
    </section>
  );
}
