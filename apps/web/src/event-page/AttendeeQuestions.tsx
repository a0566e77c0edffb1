// The event's questions for one attendee (docs/product/events.md#public-page): the campaign question
// kinds as plain form controls, each error shown on its own question.
import type { TPublicEvent } from '@kindling/contracts/events.ts';

type Question = TPublicEvent['questions'][number];
export type Answers = Record<string, string | string[]>;

type Props = {
  prefix: string;
  questions: readonly Question[];
  answers: Answers;
  errors: Record<string, string>;
  /** The attendee's index, for the server's field names (attendees.{i}.answers.{id}). */
  index: number;
  onChange: (answers: Answers) => void;
};

function Control({
  q,
  id,
  value,
  invalid,
  set,
}: {
  q: Question;
  id: string;
  value: Answers[string] | undefined;
  invalid: boolean;
  set: (v: string | string[]) => void;
}) {
  const described = invalid ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  if (q.answer_type === 'Text') {
    return (
      <input
        id={id}
        className="kd-input"
        value={typeof value === 'string' ? value : ''}
        {...described}
        onChange={(e) => set(e.currentTarget.value)}
      />
    );
  }
  if (q.answer_type === 'dropdown') {
    return (
      <select
        id={id}
        className="kd-input"
        value={typeof value === 'string' ? value : ''}
        {...described}
        onChange={(e) => set(e.currentTarget.value)}
      >
        <option value="">Choose…</option>
        {q.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  const multiple = q.answer_type === 'Checkbox';
  return (
    <div className="ke-choices">
      {q.options.map((o, n) => (
        <label key={o} className="ke-choice" htmlFor={`${id}-${n}`}>
          <input
            id={`${id}-${n}`}
            type={multiple ? 'checkbox' : 'radio'}
            name={id}
            checked={chosen.includes(o)}
            onChange={(e) =>
              set(multiple ? (e.currentTarget.checked ? [...chosen, o] : chosen.filter((c) => c !== o)) : o)
            }
          />{' '}
          {o}
        </label>
      ))}
    </div>
  );
}

function QuestionField({ q, prefix, answers, errors, index, onChange }: Omit<Props, 'questions'> & { q: Question }) {
  const id = `${prefix}-q${q.id}`;
  const error = errors[`attendees.${index}.answers.${q.id}`];
  const label = `${q.content}${q.response_required ? '' : ' (optional)'}`;
  const control = (
    <Control
      q={q}
      id={id}
      value={answers[q.id]}
      invalid={Boolean(error)}
      set={(v) => onChange({ ...answers, [q.id]: v })}
    />
  );
  const message = error && (
    <p id={`${id}-error`} className="kd-field-error">
      {error}
    </p>
  );
  if (q.answer_type === 'Radio' || q.answer_type === 'Checkbox') {
    return (
      <fieldset className="kd-field ke-question">
        <legend className="kd-label">{label}</legend>
        {control}
        {message}
      </fieldset>
    );
  }
  return (
    <div className="kd-field">
      <label className="kd-label" htmlFor={id}>
        {label}
      </label>
      {control}
      {message}
    </div>
  );
}

export function AttendeeQuestions({ questions, ...rest }: Props) {
  return (
    <>
      {questions.map((q) => (
        <QuestionField key={q.id} q={q} {...rest} />
      ))}
    </>
  );
}
