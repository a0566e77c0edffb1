import path from 'node:path';
import { z } from 'zod';

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** A read replica for reports and exports (decision 077); unset: they read the primary. */
  READ_DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  TOTP_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'TOTP_ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kindling <no-reply@kindling.test>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_CLIENT_ID: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  STRIPE_CONNECT_BASE: z.string().url().default('https://connect.stripe.com'),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_APPLICATION_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_BASE: z.string().url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  TRUST_PROXY: z.string().default('loopback'),
  TRUSTED_ORIGINS: z.string().optional(),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SIGN_IN_FAILURE_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  // Calls per API key per minute (docs/product/integrations.md#api-keys).
  API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  SIGN_IN_ADDRESS_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
  SIGN_IN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  SIGN_IN_SLOWDOWN_SECONDS: z.coerce.number().min(0).max(30).default(3),
  SECOND_FACTOR_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
  PASSWORD_RESET_REQUEST_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  // Card testing (docs/decisions/025-card-testing.md): declines counted per client address, per card
  // and per campaign; past a limit the donation form must solve a proof-of-work before the next intent.
  CARD_TESTING_ADDRESS_DECLINES: z.coerce.number().int().min(1).max(1000).default(5),
  CARD_TESTING_ADDRESS_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  CARD_TESTING_CARD_DECLINES: z.coerce.number().int().min(1).max(1000).default(4),
  CARD_TESTING_CARD_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  CARD_TESTING_CAMPAIGN_DECLINES: z.coerce.number().int().min(1).max(100_000).default(30),
  CARD_TESTING_CAMPAIGN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** How long the challenge stays on after a burst's last decline. */
  CARD_TESTING_CHALLENGE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** PBKDF2 rounds per proof-of-work try; the secret counter is drawn between a third of the maximum and the maximum. */
  CARD_TESTING_POW_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  CARD_TESTING_POW_MAX_COUNTER: z.coerce.number().int().min(10).max(1_000_000).default(3000),
  /** How long a process serves the public campaign read from memory; 0 turns it off (default in tests). */
  CAMPAIGN_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** The donations import's limits (docs/product/imports.md#the-file); at most the built-in 1,000,000 rows, 200 MB. */
  DONATION_IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(1_000_000),
  DONATION_IMPORT_MAX_MB: z.coerce.number().int().min(1).max(200).default(200),
  /** How often an idle job worker looks for jobs other instances sent (its own are run at once). */
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  /** off: this instance only enqueues background jobs; instances with 'on' run them. */
  JOB_WORKERS: z.enum(['on', 'off']).default('on'),
  /** mkt21: how often scheduled marketing e-mails are started and stopped sends resumed (seconds; 0 off, the default in tests). */
  MARKETING_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** How often due recurring plans are charged (seconds); 0 turns the scheduler's clock off (default in tests). */
  RECURRING_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /**
   * The daily reference exchange rates, in the European Central Bank's eurofxref-daily.xml format
   * (docs/product/payments.md#exchange-rates).
   */
  EXCHANGE_RATES_URL: z.string().url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /** How often the rates are fetched (seconds); 0 turns the fetch off (default in tests). */
  EXCHANGE_RATES_FETCH_SECONDS: z.coerce.number().int().min(0).max(604_800).optional(),
  /** on: the start-up asks providers for the card of plans saved without one (default off in tests). */
  PLAN_CARD_BACKFILL: z.enum(['on', 'off']).optional(),
  /**
   * How often new events are handed to webhook endpoints (seconds); 0 turns the relay's clock off
   * (default in tests). docs/product/integrations.md#webhooks
   */
  WEBHOOK_RELAY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  // w21: how often workflow triggers are read and due steps handed to jobs (decision 093).
  WORKFLOW_TICK_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /**
   * A failed webhook delivery's first retry waits about this long, doubling for each of its 12
   * retries (about three days in all with the default 40).
   */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(40),
  /**
   * An OpenAI-compatible chat-completions endpoint for the insights assistant (decision 094): with
   * all three set, questions go to it with the fixed read-only queries as tools; otherwise, and when
   * it fails, the built-in analyst answers.
   */
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  /** How long one question may wait on that endpoint, over all its tool rounds, before the built-in analyst answers. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
});

/** The Vite dev server proxies the API from another origin; unsafe requests from it are ours. */
const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export type Config = z.infer<typeof ZConfig> & {
  dataDir: string;
  sessionSecret: string;
  totpKey: Buffer;
  isProduction: boolean;
  /** Fastify's trustProxy: which hops may set X-Forwarded-For/-Proto/-Host. */
  trustProxy: boolean | string[];
  /** Origins (scheme://host[:port]) besides the request's own that may send unsafe API requests. */
  trustedOrigins: string[];
};

/** Reads configuration from the environment once, at start-up; every setting is listed in README.md. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && (!c.SESSION_SECRET || !c.TOTP_ENCRYPTION_KEY)) {
    throw new Error('SESSION_SECRET and TOTP_ENCRYPTION_KEY must be set when NODE_ENV=production');
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    // Development defaults are fixed so sessions and enrolled authenticators survive restarts.
    sessionSecret: c.SESSION_SECRET ?? 'kindling-development-session-secret-not-for-production',
    totpKey: Buffer.from(
      c.TOTP_ENCRYPTION_KEY ?? '6b696e646c696e672d646576656c6f706d656e742d746f74702d6b65792d3332',
      'hex',
    ),
    isProduction,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    trustedOrigins: parseOrigins(c.TRUSTED_ORIGINS, c.NODE_ENV === 'development' ? DEV_ORIGINS : []),
  };
}

/** 'true', 'false', or addresses/ranges/names that proxy-addr knows (loopback, 10.0.0.0/8, …). */
function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function parseOrigins(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      if (!URL.canParse(o)) throw new Error(`Invalid configuration:\n  TRUSTED_ORIGINS: "${o}" is not an origin`);
      return new URL(o).origin;
    });
}
