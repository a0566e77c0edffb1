import { z } from 'zod';

// Zod's own messages ("Invalid input: expected number, received NaN") are written for developers.
// Every issue a contract does not word itself gets one in the product's voice naming the field
// (docs/decisions/022-…); a contract's own message still wins.

const WHERE_LABELS: Record<string, string> = { body: 'The request', query: 'The query', params: 'The address' };

const KEY_LABELS: Record<string, string> = { id: 'The id', q: 'The search' };

/** "first_name" → "First name"; "designation_id" → "Designation"; "amount_minor" → "Amount". */
export function fieldLabel(path: readonly PropertyKey[], where = 'body'): string {
  const key = [...path].reverse().find((p): p is string => typeof p === 'string');
  if (!key) return WHERE_LABELS[where] ?? 'The request';
  if (key in KEY_LABELS) return KEY_LABELS[key] as string;
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/ (id|minor)$/i, '')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FORMATS: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a web address',
  uuid: 'an id like 123e4567-e89b-12d3-a456-426614174000',
  datetime: 'a date and time like 2026-03-01T09:30:00Z',
  date: 'a date like 2026-03-01',
  time: 'a time like 09:30',
};

const KINDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

const quoteValues = (values: readonly unknown[]) => values.map((v) => String(v)).join(', ');

type Issue = z.core.$ZodRawIssue;

function sizeMessage(label: string, issue: Issue & { code: 'too_big' | 'too_small' }): string {
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  if (issue.origin === 'string') {
    if (!big && limit <= 1) return `${label} must not be empty.`;
    return `${label} must be ${big ? 'at most' : 'at least'} ${limit} characters.`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (!big && limit <= 1) return `${label} needs at least one item.`;
    return `${label} can have ${big ? 'at most' : 'at least'} ${limit} items.`;
  }
  if (big)
    return Math.abs(limit) >= Number.MAX_SAFE_INTEGER ? `${label} is too large.` : `${label} must be at most ${limit}.`;
  if (limit === 0 && !issue.inclusive) return `${label} must be more than zero.`;
  return Math.abs(limit) >= Number.MAX_SAFE_INTEGER ? `${label} is too small.` : `${label} must be at least ${limit}.`;
}

/** The product's message for one issue a contract did not word itself. */
export function productIssueMessage(issue: Issue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${label} is required.`;
      if ((issue.path ?? []).length === 0 && issue.expected === 'object')
        return 'Send the request body as a JSON object.';
      return `${label} must be ${KINDS[issue.expected] ?? 'of another kind'}.`;
    }
    case 'too_big':
    case 'too_small':
      return sizeMessage(label, issue);
    case 'invalid_format':
      return `${label} must be ${FORMATS[issue.format] ?? 'in the expected format'}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `${label} must be ${quoteValues(issue.values)}.`
        : `${label} must be one of: ${quoteValues(issue.values)}.`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `${label} has fields this request does not take: ${issue.keys.join(', ')}.`;
    default:
      return `${label} is not valid.`;
  }
}

/** Installs the messages for every zod parse in this process (requests, imports, stored data). */
export function useProductValidationMessages(): void {
  z.config({ customError: productIssueMessage });
}
