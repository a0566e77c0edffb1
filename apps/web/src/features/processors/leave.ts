/** Leaves the app for Stripe's (or the sandbox's) consent page. A module of its own so tests can replace it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
