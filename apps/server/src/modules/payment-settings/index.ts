// Payment settings (/stripe-methods, /exchange-rates): which methods donors see, and the rates that
// convert gifts into the base currency, with their daily fetch.

// faults15: the rates the public form's presets and limits per currency are converted with (decision 035).
export { currencyFactors } from './exchange-rates.service.ts';
export { paymentSettingsRoutes } from './payment-settings.routes.ts';
export { registerReferenceRates } from './reference-rates.jobs.ts';
