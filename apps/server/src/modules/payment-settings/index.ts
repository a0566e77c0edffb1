// Payment settings (/stripe-methods, /exchange-rates): which methods donors see, and the rates that
// convert gifts into the base currency, with their daily fetch.
export { paymentSettingsRoutes } from './payment-settings.routes.ts';
export { registerReferenceRates } from './reference-rates.jobs.ts';
