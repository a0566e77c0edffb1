// Payments: for now only Stripe Connect's OAuth exchange, used by Stripe sign-in.
export {
  type ConnectedAccount,
  createStripeConnect,
  type StripeConnect,
  StripeConnectError,
} from './stripe-connect.ts';
