/** Other screens (the AI Insights page's side assistant) open the floating assistant with this window event. */
export const OPEN_ASSISTANT_EVENT = 'kindling:open-assistant';

export const openAssistant = () => window.dispatchEvent(new Event(OPEN_ASSISTANT_EVENT));
