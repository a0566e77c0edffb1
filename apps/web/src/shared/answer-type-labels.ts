import type { TAnswerType } from '@kindling/contracts';

/** How the staff editors name a question's answer kind (campaign questions and event attendee questions). */
export const ANSWER_TYPE_LABELS: Record<TAnswerType, string> = {
  dropdown: 'Dropdown',
  Radio: 'Radio buttons',
  Checkbox: 'Checkboxes',
  Text: 'Text',
};
