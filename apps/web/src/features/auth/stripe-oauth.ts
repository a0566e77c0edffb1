import { CONSTANTS, type TAuthConfigResponse } from '@kindling/contracts';
import { readCookie } from '../../app/api-client.ts';

/** Where the random OAuth state is kept while the browser is at Stripe (docs/product/sign-in.md#google-and-stripe). */
export const STRIPE_STATE_KEY = 'stripe_oauth_state';
const STATE_MAX_AGE_S = 600;

export function createOAuthState(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Saved three ways (cookie, local and session storage) so that the return finds it in any tab. */
export function saveOAuthState(state: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the OAuth state goes in a cookie too; not every browser has the Cookie Store API
  document.cookie = `${STRIPE_STATE_KEY}=${encodeURIComponent(state)}; path=/; SameSite=Lax; max-age=${STATE_MAX_AGE_S}`;
  try {
    window.localStorage.setItem(STRIPE_STATE_KEY, state);
    window.sessionStorage.setItem(STRIPE_STATE_KEY, state);
  } catch {
    // Storage disabled: the cookie still carries the state.
  }
}

export function readOAuthState(): string | null {
  try {
    const stored = window.sessionStorage.getItem(STRIPE_STATE_KEY) ?? window.localStorage.getItem(STRIPE_STATE_KEY);
    if (stored) return stored;
  } catch {
    // fall through to the cookie
  }
  return readCookie(STRIPE_STATE_KEY);
}

export function clearOAuthState(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: expires the cookie written by saveOAuthState
  document.cookie = `${STRIPE_STATE_KEY}=; path=/; SameSite=Lax; max-age=0`;
  try {
    window.localStorage.removeItem(STRIPE_STATE_KEY);
    window.sessionStorage.removeItem(STRIPE_STATE_KEY);
  } catch {
    // nothing stored
  }
}

/** Stripe's (or the sandbox's) authorize page, sending the user back to /login. */
export function stripeAuthorizeUrl(config: TAuthConfigResponse, state: string, origin: string): string {
  const query = new URLSearchParams({ response_type: 'code' });
  if (config.stripe_client_id) query.set('client_id', config.stripe_client_id);
  query.set('scope', CONSTANTS.stripeOauthScope);
  query.set('state', state);
  query.set('redirect_uri', `${origin}/login`);
  const separator = config.stripe_authorize_url.includes('?') ? '&' : '?';
  return `${config.stripe_authorize_url}${separator}${query.toString()}`;
}
