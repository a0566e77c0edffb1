// The options under the amount (docs/product/donation-form.md#step-1-amount): fee cover, gift aid, designations, the
// message and donor wall toggles. Switches are native checkboxes with role="switch", so keyboards and screen
// readers get them for free.
import type { TDonorWallFlags, TPublicCampaign } from '@kindling/contracts';
import { DONATION_FORM_TEXT } from '@kindling/contracts/donation-constants.ts';
import { addFeeCover } from '@kindling/contracts/fee-cover.ts';
import {
  GIFT_AID_BOOST_TEXT,
  GIFT_AID_MESSAGES,
  giftAidApplies,
  giftAidDeclarationText,
} from '@kindling/contracts/gift-aid-rules.ts';
import type { Dispatch, ReactNode } from 'react';
import { moneyIn } from './form-format.ts';
import type { StepOneAction, StepOneState } from './step-one-state.ts';

type Props = {
  campaign: TPublicCampaign;
  state: StepOneState;
  dispatch: Dispatch<StepOneAction>;
  giftMinor: number | null;
};

export function Switch({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className={`kd-switch-row${disabled ? ' kd-disabled' : ''}`}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="kd-switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id}>
        <span className="kd-switch-label">{label}</span>
        {hint && (
          <span id={`${id}-hint`} className="kd-hint">
            {hint}
          </span>
        )}
      </label>
    </div>
  );
}

export function FeeCover({ campaign, state, dispatch, giftMinor }: Props) {
  if (!campaign.include_payment_fees) return null;
  // The same rounded fee the payment is charged with, shown in the currency's own format.
  const feeText = giftMinor ? moneyIn(campaign, addFeeCover(giftMinor, state.currency).feeMinor, state.currency) : null;
  return (
    <Switch
      id="kd-fee-cover"
      label={DONATION_FORM_TEXT.feeCover}
      hint={
        feeText
          ? `Add ${feeText} (3.2%) so all of your gift reaches ${campaign.npo}`
          : `Add 3.2% so all of your gift reaches ${campaign.npo}`
      }
      checked={state.feeCover}
      onChange={(on) => dispatch({ type: 'feeCover', on })}
    />
  );
}

export function GiftAid({ campaign, state, dispatch, giftMinor }: Props) {
  if (!campaign.gift_aid) return null;
  const applies = giftAidApplies(state.currency);
  const amount = giftMinor && applies ? moneyIn(campaign, giftMinor, state.currency) : undefined;
  return (
    <div className="kd-disclosure">
      <button
        type="button"
        className="kd-disclosure-toggle"
        aria-expanded={state.giftAidOpen}
        aria-controls="kd-gift-aid-panel"
        onClick={() => dispatch({ type: 'giftAidOpen', open: !state.giftAidOpen })}
      >
        <span>{DONATION_FORM_TEXT.giftAidToggle}</span>
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 12 12">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {state.giftAidOpen && (
        <div id="kd-gift-aid-panel" className="kd-disclosure-panel">
          <p className="kd-hint">{applies ? GIFT_AID_BOOST_TEXT : GIFT_AID_MESSAGES.gbpOnly}</p>
          <label className="kd-check">
            <input
              type="checkbox"
              checked={state.giftAid && applies}
              disabled={!applies}
              onChange={(event) => dispatch({ type: 'giftAid', on: event.currentTarget.checked })}
            />
            <span>{giftAidDeclarationText(campaign.npo, amount)}</span>
          </label>
        </div>
      )}
    </div>
  );
}

export function Designations({ campaign, state, dispatch }: Props) {
  if (campaign.designations.length === 0) return null;
  const chosen = campaign.designations.find((d) => d.id === state.designation);
  return (
    <fieldset className="kd-section">
      <legend className="kd-section-title">{campaign.designation_label || 'Designation'}</legend>
      <div className="kd-designations">
        {campaign.designations.map((d) => (
          <button
            key={d.id}
            type="button"
            className="kd-designation"
            aria-pressed={d.id === state.designation}
            onClick={() => dispatch({ type: 'designation', id: d.id })}
          >
            <span className="kd-designation-name">{d.name}</span>
            {d.description && <span className="kd-designation-description">{d.description}</span>}
          </button>
        ))}
      </div>
      {chosen && (
        <div className="kd-supporting">
          <span aria-live="polite">{DONATION_FORM_TEXT.supporting(chosen.name)}</span>
          <button type="button" className="kd-link" onClick={() => dispatch({ type: 'designation', id: null })}>
            {DONATION_FORM_TEXT.clearDesignation}
          </button>
        </div>
      )}
    </fieldset>
  );
}

const WALL_OPTIONS: [keyof TDonorWallFlags, string][] = [
  ['first_name_only_to_donor_wall', DONATION_FORM_TEXT.firstNameOnly],
  ['show_amount_on_donor_wall', DONATION_FORM_TEXT.showAmount],
  ['show_comment_on_donor_wall', DONATION_FORM_TEXT.showComment],
];

export function DonorOptions({ state, dispatch }: Omit<Props, 'giftMinor'>) {
  const wallOn = state.donorWall.add_to_donor_wall;
  return (
    <div className="kd-section">
      <div className="kd-field">
        <label className="kd-label" htmlFor="kd-comment">
          {DONATION_FORM_TEXT.comment} <span className="kd-optional">(optional)</span>
        </label>
        <textarea
          id="kd-comment"
          className="kd-textarea"
          rows={3}
          maxLength={1000}
          value={state.comment}
          onChange={(event) => dispatch({ type: 'comment', text: event.currentTarget.value })}
        />
      </div>
      <div className="kd-wall">
        <Switch
          id="kd-wall"
          label={DONATION_FORM_TEXT.addToDonorWall}
          checked={wallOn}
          onChange={(on) => dispatch({ type: 'donorWall', key: 'add_to_donor_wall', on })}
        />
        <div className="kd-wall-options">
          {WALL_OPTIONS.map(([key, label]) => (
            <Switch
              key={key}
              id={`kd-${key}`}
              label={label}
              checked={state.donorWall[key]}
              disabled={!wallOn}
              onChange={(on) => dispatch({ type: 'donorWall', key, on })}
            />
          ))}
        </div>
      </div>
      <Switch
        id="kd-donor-account"
        label={DONATION_FORM_TEXT.createDonorAccount}
        hint={DONATION_FORM_TEXT.createDonorAccountHint}
        checked={state.createDonorAccount}
        onChange={(on) => dispatch({ type: 'createDonorAccount', on })}
      />
    </div>
  );
}
