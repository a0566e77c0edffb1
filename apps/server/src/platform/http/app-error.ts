/** The closed set of error codes; each maps to one HTTP status in one place. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 422,
  CSRF_INVALID: 403,
  FORBIDDEN: 403,
  /** The organisation requires a second factor the member has not set up yet. */
  MFA_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Well-formed, but something the target does not take now (a payment method switched off). */
  UNPROCESSABLE: 422,
  CHALLENGE_EXPIRED: 401,
  INVALID_OTP: 422,
  INVALID_BACKUP_CODE: 422,
  TOO_MANY_ATTEMPTS: 429,
  /** A card-testing burst is on: solve the proof-of-work first (decision 025). */
  CHALLENGE_REQUIRED: 428,
  PROVIDER_ERROR: 502,
  NOT_CONFIGURED: 501,
  INTERNAL: 500,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as Retry-After when a rate limit refuses the request. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
