/** Leaves the app for another site (the OAuth authorize page). A module of its own so tests can replace it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
