/** '26 Nov 2026, 09:15' in the reader's own locale and time zone. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
