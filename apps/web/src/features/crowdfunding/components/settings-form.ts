// The edit screen's form: amounts typed in major units, turned into the API's minor units on save.
import {
  fromMinorUnits,
  type TCrowdfundingDetail,
  type TCrowdfundingSettings,
  type TFundingModel,
  toMinorUnits,
} from '@kindling/contracts';

export type RewardForm = {
  key: string;
  id: number | null;
  amount: string;
  title: string;
  description: string;
  image_url: string;
  delivery_date: string;
  quantity: string;
  shipping_required: boolean;
  fair_market_value: string;
  taken: number;
};
export type ImageForm = { key: string; url: string; alt: string };
export type SettingsForm = {
  funding_model: TFundingModel;
  /** datetime-local value, in the browser's zone. */
  deadline: string;
  rewards: RewardForm[];
  images: ImageForm[];
};

let counter = 0;
export const newKey = () => `k${++counter}`;

const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function formOf(d: TCrowdfundingDetail): SettingsForm {
  return {
    funding_model: d.funding_model,
    deadline: localInput(d.deadline),
    rewards: d.rewards.map((r) => ({
      key: newKey(),
      id: r.id,
      amount: fromMinorUnits(r.amount_minor, d.currency),
      title: r.title,
      description: r.description,
      image_url: r.image_url,
      delivery_date: r.delivery_date ?? '',
      quantity: r.quantity === null ? '' : String(r.quantity),
      shipping_required: r.shipping_required,
      fair_market_value: fromMinorUnits(r.fair_market_value_minor, d.currency),
      taken: r.taken,
    })),
    images: d.images.map((i) => ({ key: newKey(), url: i.url, alt: i.alt })),
  };
}

export const emptyReward = (): RewardForm => ({
  key: newKey(),
  id: null,
  amount: '',
  title: '',
  description: '',
  image_url: '',
  delivery_date: '',
  quantity: '',
  shipping_required: false,
  fair_market_value: '0',
  taken: 0,
});

export type FieldErrors = Record<string, string>;

/** The API's input, or the fields to correct (checked here so a typo never leaves the browser). */
export function inputOf(form: SettingsForm, currency: string): TCrowdfundingSettings | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const money = (value: string, field: string) => {
    const parsed = toMinorUnits(value === '' ? '0' : value, currency);
    if (!parsed.ok) errors[field] = parsed.error;
    return parsed.ok ? parsed.minor : 0;
  };
  const rewards = form.rewards.map((r, i) => {
    const quantity = r.quantity.trim() === '' ? null : Number(r.quantity);
    if (quantity !== null && (!Number.isInteger(quantity) || quantity < 1))
      errors[`rewards.${i}.quantity`] = 'A limit is a whole number, at least 1.';
    return {
      id: r.id,
      amount_minor: money(r.amount, `rewards.${i}.amount_minor`),
      title: r.title,
      description: r.description,
      image_url: r.image_url,
      delivery_date: r.delivery_date || null,
      quantity,
      shipping_required: r.shipping_required,
      fair_market_value_minor: money(r.fair_market_value, `rewards.${i}.fair_market_value_minor`),
    };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    funding_model: form.funding_model,
    deadline: form.deadline ? new Date(form.deadline).toISOString() : null,
    rewards,
    images: form.images.map(({ url, alt }) => ({ url, alt })),
  };
}
