// The campaign's conversion features (docs/decisions/037-conversion-features.md): the monthly upsell,
// on unless switched off, and tribute gifts, off unless switched on. Stored in campaign_settings.
import { tributesEnabled, upsellEnabled } from '@kindling/contracts';
import { Checkbox } from '@mantine/core';
import type { SectionProps } from './editor-form.ts';

export function ConversionOptions({ form }: Pick<SectionProps, 'form'>) {
  const settings = form.values.campaign_settings;
  return (
    <>
      <Checkbox
        label="Suggest a smaller monthly gift after a one-off amount"
        description="A quarter of the one-off amount, rounded down to a round figure (for example $100 → $25 a month)."
        checked={upsellEnabled(settings)}
        onChange={(e) => form.setFieldValue('campaign_settings.upsell_monthly', e.currentTarget.checked)}
      />
      <Checkbox
        label="Offer gifts in honour or in memory of someone, with an optional e-card"
        checked={tributesEnabled(settings)}
        onChange={(e) => form.setFieldValue('campaign_settings.tributes', e.currentTarget.checked)}
      />
    </>
  );
}
