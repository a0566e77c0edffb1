import { z } from 'zod';

/**
 * Apple Pay and Google Pay domains (docs/product/payments.md#wallets-and-bank-debits): the wallet
 * buttons show only on a domain registered on the organisation's connected Stripe account.
 */
export const WALLET_DOMAIN_MESSAGES = {
  domain: 'Enter a domain name such as give.example.org, without https:// or a path.',
  noAccount: 'Connect a Stripe account first: domains are registered on it.',
  refused: 'Stripe refused this domain. Check that it is yours and serves the donation form.',
  unavailable: 'Stripe could not be reached. Nothing changed; try again in a moment.',
} as const;

const HOSTNAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

export const ZWalletDomainRequest = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => HOSTNAME.test(value), WALLET_DOMAIN_MESSAGES.domain),
});

export const ZWalletDomain = z.object({
  domain: z.string(),
  /** active: the wallet shows on this domain; anything else: Stripe's reason is in its dashboard. */
  apple_pay: z.string(),
  google_pay: z.string(),
  registered_at: z.string(),
});
export type TWalletDomain = z.infer<typeof ZWalletDomain>;

export const ZWalletDomainsResponse = z.object({
  domains: z.array(ZWalletDomain),
  /** The donation form's own domain (PUBLIC_URL), offered first. */
  suggested: z.string().nullable(),
  /** Registration happens at Stripe; the sandbox takes wallets on any domain. */
  provider: z.enum(['stripe', 'sandbox']),
});
export type TWalletDomainsResponse = z.infer<typeof ZWalletDomainsResponse>;
