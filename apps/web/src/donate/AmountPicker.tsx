// Step 1's amount: interval tabs, preset tiles and the free amount with its currency
// (docs/product/donation-form.md#step-1-amount). Tiles show face values in the chosen currency; long amounts shrink to
// fit.
import type { TCampaignAmount, TGivingInterval, TPublicCampaign } from '@kindling/contracts';
import { amountScale, amountSize, DONATION_FORM_TEXT } from '@kindling/contracts/donation-constants.ts';
import { INTERVAL_LABELS } from '@kindling/contracts/interval-rules.ts';
import type { CSSProperties, Dispatch } from 'react';
import { CurrencySelect } from './CurrencySelect.tsx';
import { moneyIn } from './form-format.ts';
import { presetMinorIn, presetsFor, type StepOneAction, type StepOneState } from './step-one-state.ts';

type Props = {
  campaign: TPublicCampaign;
  state: StepOneState;
  dispatch: Dispatch<StepOneAction>;
  amountError: string | null;
};

export function IntervalTabs({
  intervals,
  value,
  onChange,
}: {
  intervals: readonly TGivingInterval[];
  value: TGivingInterval;
  onChange: (interval: TGivingInterval) => void;
}) {
  if (intervals.length === 0) return null;
  return (
    <fieldset className="kd-intervals">
      <legend className="kd-sr">How often</legend>
      {intervals.map((interval) => (
        <button
          key={interval}
          type="button"
          className="kd-interval"
          aria-pressed={interval === value}
          onClick={() => onChange(interval)}
        >
          {INTERVAL_LABELS[interval]}
        </button>
      ))}
    </fieldset>
  );
}

function PresetTile({
  preset,
  label,
  selected,
  onClick,
  reopen,
}: {
  preset: TCampaignAmount;
  label: string;
  selected: boolean;
  onClick: () => void;
  reopen?: boolean;
}) {
  const style = {
    '--kd-amount-scale': String(amountScale(label)),
    '--kd-amount-chars': String(Math.max(label.length, 1)),
    ...(preset.image_url ? { backgroundImage: `url("${encodeURI(preset.image_url)}")` } : {}),
  } as CSSProperties;
  return (
    <button
      type="button"
      className={`kd-tile kd-amount-${amountSize(label)}${preset.image_url ? ' kd-tile-image' : ''}`}
      style={style}
      aria-pressed={selected}
      aria-expanded={reopen ? false : undefined}
      aria-label={reopen ? `${label} ${INTERVAL_LABELS[preset.interval]}, selected. Change amount` : undefined}
      onClick={onClick}
    >
      <span className="kd-tile-amount">{label}</span>
      <span className="kd-tile-interval">{INTERVAL_LABELS[preset.interval]}</span>
      {preset.description && <span className="kd-tile-description">{preset.description}</span>}
      {reopen && <span className="kd-tile-change">Change</span>}
    </button>
  );
}

export function AmountPicker({ campaign, state, dispatch, amountError }: Props) {
  const presets = presetsFor(campaign, state.interval);
  const labelOf = (preset: TCampaignAmount) =>
    moneyIn(campaign, presetMinorIn(campaign, preset, state.currency), state.currency, { trimWholeZeros: true });
  const chosen = state.choosing ? null : presets.find((p) => p.id === state.presetId);
  const currencies = campaign.currencies.map((c) => c.toUpperCase());
  const setCurrency = (currency: string) => dispatch({ type: 'currency', currency });

  return (
    <>
      <IntervalTabs
        intervals={campaign.intervals}
        value={state.interval}
        onChange={(interval) => dispatch({ type: 'interval', interval })}
      />
      {presets.length > 0 && (
        <fieldset className={`kd-tiles kd-tiles-${Math.min(presets.length, 5)}`}>
          <legend className="kd-sr">Suggested amounts</legend>
          {/* One keyed list in both states, so the chosen tile keeps its DOM node and the focus. */}
          {(chosen ? [chosen] : presets).map((preset) => (
            <PresetTile
              key={preset.id}
              preset={preset}
              label={labelOf(preset)}
              selected={preset.id === state.presetId}
              reopen={Boolean(chosen)}
              onClick={() => dispatch(chosen ? { type: 'reopen' } : { type: 'preset', id: preset.id })}
            />
          ))}
        </fieldset>
      )}
      {campaign.user_amount_enable ? (
        <div className="kd-field">
          <label className="kd-label" htmlFor="kd-amount">
            {presets.length > 0 ? 'Or enter your own amount' : 'Amount'}
          </label>
          <div className={`kd-amount-row${amountError ? ' kd-invalid' : ''}`}>
            <input
              id="kd-amount"
              className="kd-amount-input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={DONATION_FORM_TEXT.amountPlaceholder}
              value={state.customText}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? 'kd-amount-error' : undefined}
              onChange={(event) => dispatch({ type: 'custom', text: event.currentTarget.value })}
            />
            <CurrencySelect value={state.currency} currencies={currencies} onChange={setCurrency} />
          </div>
          {amountError && (
            <p id="kd-amount-error" className="kd-field-error">
              {amountError}
            </p>
          )}
        </div>
      ) : (
        <div className="kd-field kd-currency-only">
          <span className="kd-label">Currency</span>
          <CurrencySelect value={state.currency} currencies={currencies} onChange={setCurrency} />
        </div>
      )}
    </>
  );
}
