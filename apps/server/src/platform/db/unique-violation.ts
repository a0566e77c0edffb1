import type { AppError } from '../http/app-error.ts';

type PgError = { code?: string; constraint?: string; cause?: unknown };

/**
 * The unique key a failed statement broke (PostgreSQL's 23505), or null. drizzle wraps the driver's
 * error in a DrizzleQueryError, so the cause chain is searched.
 */
export function violatedUniqueKey(error: unknown): string | null {
  for (let e = error as PgError | undefined, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as PgError | undefined;
  }
  return null;
}

/**
 * A check-then-insert loses a race to another request now and then: the unique key decides, and the
 * loser gets the same refusal the check gives (`refusals` by constraint name). Any other error
 * is rethrown as it was.
 */
export function refuseUniqueViolation(error: unknown, refusals: Record<string, () => AppError>): never {
  const key = violatedUniqueKey(error);
  const refusal = key === null ? undefined : refusals[key];
  throw refusal ? refusal() : error;
}

/**
 * A find-or-create run twice at once: both find nothing, one insert wins and the other breaks a
 * unique key. Running the loser once more finds the winner's row, so both callers get the same answer.
 */
export async function retryAfterUniqueViolation<T>(findOrCreate: () => Promise<T>): Promise<T> {
  try {
    return await findOrCreate();
  } catch (error) {
    if (violatedUniqueKey(error) === null) throw error;
    return findOrCreate();
  }
}
