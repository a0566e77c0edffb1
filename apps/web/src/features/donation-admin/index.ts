// What other features use of this one: import it from here, never from the feature's files.

// pay25: payment requests pick their payer and campaign with the offline gift's own pieces.
export { offlineFormQueries } from './api/donation-admin.queries.ts';
// pay25c: the payment request form's amount and currency are the offline gift's fields.
export { AmountCurrencyFields } from './components/AmountCurrencyFields.tsx';
export { DonorChoice, type DonorValue } from './components/DonorChoice.tsx';
export { useDonationBits } from './components/donation-bits.tsx';
