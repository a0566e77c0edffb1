import { BANK_DEBIT_SCHEMES, DONATION_METHOD_LABELS, type TMethodCapability } from '@kindling/contracts';

const PROVIDERS = { stripe: 'Stripe', paypal: 'PayPal', sandbox: 'Sandbox (test mode)' } as const;

export const providerText = (m: TMethodCapability): string => (m.provider ? PROVIDERS[m.provider] : 'Not connected');

/** "All 131 card currencies", "USD (ACH), EUR (SEPA)", or why there are none. */
export function currenciesText(m: TMethodCapability): string {
  if (m.currencies.length === 0) {
    return m.provider ? `${PROVIDERS[m.provider]} does not offer ${DONATION_METHOD_LABELS[m.method]}` : '—';
  }
  if (m.method === 'bank_debit') {
    return m.currencies.map((c) => `${c} (${BANK_DEBIT_SCHEMES[c]?.scheme ?? c})`).join(', ');
  }
  if (m.currencies.length > 8)
    return `${m.currencies.length} currencies, including ${m.currencies.slice(0, 4).join(', ')}`;
  return m.currencies.join(', ');
}

export const methodsText = (methods: readonly string[]): string =>
  methods.length === 0
    ? 'None'
    : methods.map((m) => DONATION_METHOD_LABELS[m as keyof typeof DONATION_METHOD_LABELS] ?? m).join(', ');
