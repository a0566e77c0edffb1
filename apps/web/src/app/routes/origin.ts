import { matchPath } from 'react-router';
import { mayOpen } from './route-access.ts';

/** The page a signed-out visitor was sent away from, as React Router location state carries it. */
export type TOrigin = { pathname: string; search?: string; hash?: string };

/** Auth screens are never a place to return to after signing in. */
const NOT_A_DESTINATION = [
  '/login',
  '/signup',
  '/register',
  '/select-npo',
  '/forgot-password',
  '/reset-password',
  '/password-reset/:id',
  '/unauthorized',
  '/goodbye',
];

/** Reads `state.from` (set by the guards and by 'Log In Again'), ignoring anything malformed. */
export function readOrigin(state: unknown): TOrigin | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (!from || typeof from !== 'object') return null;
  const { pathname, search, hash } = from as Record<string, unknown>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  return {
    pathname,
    search: typeof search === 'string' ? search : '',
    hash: typeof hash === 'string' ? hash : '',
  };
}

/** The origin as a path, when this role may go back there; null otherwise. */
export function allowedOrigin(origin: TOrigin | null, role: number | null): string | null {
  if (!origin) return null;
  if (NOT_A_DESTINATION.some((path) => matchPath({ path, end: true }, origin.pathname))) return null;
  if (!mayOpen(origin.pathname, role)) return null;
  return `${origin.pathname}${origin.search ?? ''}${origin.hash ?? ''}`;
}
