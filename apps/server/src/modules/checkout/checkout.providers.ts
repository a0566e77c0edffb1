// Tests that drive the sandbox directly (its own harness) hand the app that same instance, so the
// events they watch come from the card form's confirmations the app serves.

import type { PaymentProviders, SandboxProvider } from '../payments/index.ts';
import { ProviderError } from '../payments/index.ts';

export function sandboxOnlyProviders(sandbox: SandboxProvider): PaymentProviders {
  return {
    sandbox,
    stripe: null,
    paypal: null,
    card: sandbox,
    wallet: sandbox,
    byName: (name) => {
      if (name === 'sandbox') return sandbox;
      throw new ProviderError(name, 'not_configured', 'Online payments are not set up for this installation.');
    },
  };
}
