import Stripe from 'stripe';

export type StripeSettings = {
  secretKey: string;
  /** whsec_… of the Connect webhook endpoint; without it every webhook is refused. */
  webhookSecret?: string;
  /** Platform fee in basis points of the gift (STRIPE_APPLICATION_FEE_BPS); 0 for none. */
  applicationFeeBps: number;
  /** Another host for tests (a local stand-in); the SDK sends /v1 and /oauth there. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  maxNetworkRetries?: number;
};

/** The official SDK, pointed at the configured host, without telemetry. */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
    maxNetworkRetries: settings.maxNetworkRetries ?? 1,
    telemetry: false,
  });
}
