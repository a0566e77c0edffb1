// The form's funnel (docs/decisions/037-conversion-features.md): one beacon per step and page view
// to our own server, no cookies, nothing third-party. A beacon never delays or breaks the form.
import type { TFunnelEvent } from '@kindling/contracts/conversion-rules.ts';

const sent = new Set<string>();

/** Reports `event` once per page load; the campaign editor's preview reports nothing. */
export function sendFunnelEvent(campaignId: number, event: TFunnelEvent): void {
  const key = `${campaignId}:${event}`;
  if (sent.has(key) || typeof navigator === 'undefined') return;
  sent.add(key);
  const body = JSON.stringify({ campaign_id: campaignId, event });
  try {
    const blob = new Blob([body], { type: 'application/json' });
    if (navigator.sendBeacon?.('/api/v1/npo_admin/funnel_event', blob)) return;
    void fetch('/api/v1/npo_admin/funnel_event', {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
    }).catch(() => {});
  } catch {
    // Counting is best effort.
  }
}

/** Forgets what was sent (tests). */
export const resetFunnelEvents = () => sent.clear();
