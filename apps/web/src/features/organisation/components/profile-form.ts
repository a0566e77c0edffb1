import {
  fromMinorUnits,
  type TOrganisationProfile,
  type TOrganisationProfileRequest,
  toMinorUnits,
  ZOrganisationProfileRequest,
} from '@kindling/contracts';

/** The form's values: the request, with the monthly goal as typed (major units of the currency). */
export type ProfileFormValues = Omit<TOrganisationProfileRequest, 'monthly_goal' | 'confirm_currency_change'> & {
  monthly_goal: string;
  confirm_currency_change: boolean;
};

export function toFormValues(p: TOrganisationProfile): ProfileFormValues {
  return {
    legal_name: p.legal_name,
    display_name: p.display_name,
    address: { ...p.address },
    country: p.country,
    ein: p.ein,
    uk_charity_number: p.uk_charity_number,
    hmrc_reference: p.hmrc_reference,
    other_tax_ids: p.other_tax_ids,
    website: p.website,
    contact_email: p.contact_email,
    base_currency: p.base_currency,
    fiscal_year_start_month: p.fiscal_year_start_month,
    time_zone: p.time_zone,
    locale: p.locale,
    monthly_goal: fromMinorUnits(p.monthly_goal, p.base_currency),
    receipt_signatory_name: p.receipt_signatory_name,
    receipt_signatory_title: p.receipt_signatory_title,
    receipt_footer: p.receipt_footer,
    confirm_currency_change: false,
  };
}

type Checked = { request: TOrganisationProfileRequest | null; errors: Record<string, string> };

/**
 * Checks the values by the server's own rules (the contract's schema) and builds the request; the
 * errors are keyed by the form's field paths (address.city), the way the server names them.
 */
export function checkProfile(values: ProfileFormValues, currencyChanged: boolean): Checked {
  const errors: Record<string, string> = {};
  const goal = toMinorUnits(values.monthly_goal.trim() || '0', values.base_currency);
  if (!goal.ok) errors.monthly_goal = goal.error;
  const request: TOrganisationProfileRequest = {
    ...values,
    monthly_goal: goal.ok ? goal.minor : 0,
    confirm_currency_change: currencyChanged ? values.confirm_currency_change : undefined,
  };
  const parsed = ZOrganisationProfileRequest.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  return { request: Object.keys(errors).length ? null : request, errors };
}
