// Zod-free: the sandbox's bank-debit form (a lazily loaded chunk of the donation form) imports it.

/**
 * The sandbox's test bank accounts, as Stripe's test mode has them
 * (docs/product/payments.md#sandbox): a debit is accepted at once as processing and settles days
 * later, succeeded or failed by the account. The routing number is ACH's; SEPA names an IBAN.
 */
export const SANDBOX_TEST_ACCOUNTS = {
  USD: [
    { account: '000123456789', routing: '110000000', result: 'succeeds' },
    { account: '000111111113', routing: '110000000', result: 'fails days later (account closed)' },
  ],
  EUR: [
    { account: 'DE89370400440532013000', routing: '', result: 'succeeds' },
    { account: 'DE62370400440532013001', routing: '', result: 'fails days later (account closed)' },
  ],
} as const;

/** The last four characters that make a sandbox debit fail when it settles. */
export const SANDBOX_FAILING_DEBITS: readonly string[] = ['1113', '3001'];

export const SANDBOX_DEBIT_MESSAGES = {
  failed: "The bank refused the debit: the donor's account is closed.",
  notTestAccount: 'Use one of the sandbox test accounts listed above.',
  routing: 'Enter the 9-digit routing number.',
  account: 'Enter the account number.',
  iban: 'Enter the IBAN.',
  holder: "Enter the account holder's name.",
  mandate: 'Authorise the debit to continue.',
  notProcessing: 'Only a bank debit that is still processing can be settled.',
  notSandbox: 'Only a bank debit taken by the sandbox can be settled here.',
} as const;

/** How a bank debit is named to donors and staff, per currency (ACH for USD, SEPA for EUR). */
export const debitSchemeOf = (currency: string): 'ACH' | 'SEPA' | null =>
  currency.toUpperCase() === 'USD' ? 'ACH' : currency.toUpperCase() === 'EUR' ? 'SEPA' : null;

/** The mandate the donor accepts before a debit (what Stripe's Payment Element shows, shortened). */
export const debitMandate = (organisation: string, scheme: 'ACH' | 'SEPA') =>
  `I authorise ${organisation} to debit this account once for this gift through ${scheme}, and my bank to accept it.`;
