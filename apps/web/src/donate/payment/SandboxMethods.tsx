// Card sub-step 1 with the sandbox when the campaign offers more than card: the sandbox's wallet
// button (Apple Pay / Google Pay stand-in), its bank-debit form (ACH for dollars, SEPA for euros)
// and its card form, in the order of docs/product/donation-form.md#step-2-payment (wallets, bank
// account, card). A chunk of its own: only a donor who reaches this step with these methods loads it.
import type { TPublicCampaign } from '@kindling/contracts';
import { cardTabMethods } from '@kindling/contracts/donation-method-rules.ts';
import { debitSchemeOf } from '@kindling/contracts/sandbox-debit-rules.ts';
import { useState } from 'react';
import type { DonationChoice } from '../donation-choice.ts';
import type { DonorDetails } from './donor-details.ts';
import { SandboxBankDebitForm } from './SandboxBankDebitForm.tsx';
import { SandboxCardForm } from './SandboxCardForm.tsx';
import { SandboxWalletButton } from './SandboxWalletButton.tsx';
import './sandbox-methods.css';

export type SandboxMethodsProps = {
  intent: { id: string; client_secret: string };
  amountLabel: string;
  campaign: TPublicCampaign;
  choice: DonationChoice;
  donor: DonorDetails;
  finish: () => Promise<string | null>;
};

export default function SandboxMethods(props: SandboxMethodsProps) {
  const { campaign, choice, donor } = props;
  const currency = choice.currency;
  const methods = cardTabMethods(campaign.payment_methods, campaign.card_provider, currency);
  const scheme = methods.includes('bank_debit') ? debitSchemeOf(currency) : null;
  const wallet = methods.includes('apple_pay') || methods.includes('google_pay');
  const [tab, setTab] = useState<'bank' | 'card'>('card');
  return (
    <div className="kd-pay-methods">
      {wallet && <SandboxWalletButton intent={props.intent} amountLabel={props.amountLabel} finish={props.finish} />}
      {wallet && <p className="kd-pay-or">or</p>}
      {scheme && (
        <fieldset className="kd-pay-choice">
          <legend className="kd-label">Pay by</legend>
          <label className="kd-check">
            <input type="radio" name="kd-pay-by" checked={tab === 'bank'} onChange={() => setTab('bank')} />
            <span>Bank account ({scheme})</span>
          </label>
          <label className="kd-check">
            <input type="radio" name="kd-pay-by" checked={tab === 'card'} onChange={() => setTab('card')} />
            <span>Card</span>
          </label>
        </fieldset>
      )}
      {scheme && tab === 'bank' ? (
        <SandboxBankDebitForm
          intent={props.intent}
          currency={currency}
          scheme={scheme}
          organisation={campaign.npo}
          holder={`${donor.firstName.trim()} ${donor.lastName.trim()}`}
          finish={props.finish}
        />
      ) : (
        <SandboxCardForm intent={props.intent} amountLabel={props.amountLabel} finish={props.finish} />
      )}
    </div>
  );
}
