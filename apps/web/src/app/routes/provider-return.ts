/**
 * A payment provider sends the donor back with payment_intent, client_secret and a succeeded status
 * in the query; docs/product/sign-in.md#public-routes treats such a return as public whatever the path, so the
 * donor sees the result without being asked to sign in.
 */
export function isProviderReturn(search: string): boolean {
  const query = new URLSearchParams(search);
  if (!query.get('payment_intent') || !query.get('client_secret')) return false;
  return query.get('status') === 'succeeded' || query.get('redirect_status') === 'succeeded';
}
