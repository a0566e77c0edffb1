// Events the public page fires on its own document (decision 036). Custom JS: the server places a
// campaign's script with a listener for FORM_READY_EVENT. Donor wall: it asks for news at once on
// GIFT_COMPLETED_EVENT instead of waiting for its next poll.
import { useEffect } from 'react';

export const FORM_READY_EVENT = 'kindling:form-ready';
export const GIFT_COMPLETED_EVENT = 'kindling:gift-completed';
// cf17: the recorded donation's id, for the crowdfunding page to tie a held reward to it (decision 048).
export const GIFT_RECORDED_EVENT = 'kindling:gift-recorded';

/** Fires `event` once `when` holds, after the paint that made it so. */
export function usePageEvent(event: string, when: boolean): void {
  useEffect(() => {
    if (when) document.dispatchEvent(new Event(event));
  }, [event, when]);
}
