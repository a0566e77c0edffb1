const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/** Names for the pagination's arrow buttons, which show only an icon. */
export const pageControlLabel = (control: keyof typeof CONTROL_LABELS) => ({ 'aria-label': CONTROL_LABELS[control] });
