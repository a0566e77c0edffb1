import type { TLoginResponse } from '@kindling/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../src/seed/demo-seed.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const UNSAFE = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

export type RequestOptions = {
  body?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** The X-CSRF-Token to send; false sends none. Default: the csrf_token cookie, as the web app does. */
  csrf?: string | false;
};

/**
 * A browser stand-in over app.inject: it keeps the cookies the server sets (and drops cleared
 * ones), and echoes csrf_token in X-CSRF-Token on unsafe requests, fetching a page first when it
 * has no token yet, like the single-page app does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { remoteAddress?: string } = {},
  ) {}

  async request(method: Method, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (UNSAFE.has(method)) {
      if (options.csrf === undefined && !this.cookies.has('csrf_token')) await this.prime();
      const token = options.csrf === undefined ? this.cookies.get('csrf_token') : options.csrf;
      if (token !== false && token !== undefined) headers['x-csrf-token'] = token;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      payload: options.body,
      cookies: Object.fromEntries(this.cookies),
      remoteAddress: this.options.remoteAddress,
    });
    this.store(response);
    return response;
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, options);
  post = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('POST', url, { ...options, body: body as InjectOptions['payload'] });
  put = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('PUT', url, { ...options, body: body as InjectOptions['payload'] });

  /** What the SPA's first GET does: receive a csrf_token. */
  async prime(): Promise<void> {
    await this.get('/api/v1/auth/config');
  }

  /** Password sign-in (first step); returns the login-shaped body. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<TLoginResponse> {
    const response = await this.post('/api/v1/npo_users/sign_in', { npo_user: { email, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
    return response.json();
  }

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const isCleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (isCleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** The set-cookie of one cookie in a response, for asserting its attributes. */
export function setCookieOf(response: LightMyRequestResponse, name: string) {
  return (response.cookies as Array<Record<string, unknown> & { name: string }>).find((c) => c.name === name);
}

/** A TOTP code for the secret; `stepOffset` 1 is the next 30-second step (accepted: window 1). */
export function totpCode(secret = DEMO_TOTP_SECRET, stepOffset = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepOffset * 30_000,
  });
}
