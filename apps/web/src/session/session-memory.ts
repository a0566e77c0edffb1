/**
 * Remembers in this browser that someone was signed in, so that a failed session check can tell an
 * expired session (show Session Expired) from a visitor who never signed in (send them to /login).
 */
const KEY = 'kindling.hadSession';

export function rememberSignedIn(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Storage may be unavailable (private mode); the guard then treats the visitor as new.
  }
}

export function forgetSignedIn(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // See rememberSignedIn.
  }
}

export function hadSession(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
