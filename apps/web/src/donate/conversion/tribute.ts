// A tribute gift's draft on the form and its checks, mirroring the server's (ZTribute).
import type { TTributeType } from '@kindling/contracts/conversion-rules.ts';

export type TributeDraft = {
  type: TTributeType;
  honoree_name: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
};
export type TributeErrors = Partial<Record<keyof TributeDraft, string>>;

export const EMPTY_TRIBUTE: TributeDraft = {
  type: 'honour',
  honoree_name: '',
  recipient_name: '',
  recipient_email: '',
  message: '',
};

export const TRIBUTE_MESSAGES = {
  honoree: 'Enter the name of the person the gift honours',
  recipientName: 'Enter the name of the person who receives the e-card',
  recipientEmail: 'Enter a valid email address for the e-card',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateTribute(t: TributeDraft): TributeErrors {
  const errors: TributeErrors = {};
  if (!t.honoree_name.trim()) errors.honoree_name = TRIBUTE_MESSAGES.honoree;
  const email = t.recipient_email.trim();
  if (email && !EMAIL.test(email)) errors.recipient_email = TRIBUTE_MESSAGES.recipientEmail;
  if (email && !t.recipient_name.trim()) errors.recipient_name = TRIBUTE_MESSAGES.recipientName;
  return errors;
}

/** What the payment calls send: trimmed, or null without a tribute. */
export function tributeBody(t: TributeDraft | null) {
  if (!t) return null;
  return {
    type: t.type,
    honoree_name: t.honoree_name.trim(),
    recipient_name: t.recipient_name.trim(),
    recipient_email: t.recipient_email.trim(),
    message: t.message.trim(),
  };
}
