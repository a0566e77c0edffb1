import { BUTTON_LAYOUTS, COLOR_SETTINGS, CUSTOM_CSS_MAX_LENGTH, FONT_WEIGHTS } from '@kindling/contracts';
import { Checkbox, ColorInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useFormat } from '../../../../shared/format.ts';
import type { SettingsDraft } from '../../editor/campaign-draft.ts';
import type { SectionProps } from './editor-form.ts';

const COLOR_LABELS: Record<(typeof COLOR_SETTINGS)[number], string> = {
  theme_color: 'Theme colour',
  button_color: 'Button colour',
  button_text_color: 'Button text colour',
  button_hover_color: 'Button hover colour',
  background_color: 'Background colour',
  text_color: 'Text colour',
  border_color: 'Border colour',
  secondary_color: 'Secondary colour',
  accent_color: 'Accent colour',
  selected_interval_background_color: 'Selected interval background',
  selected_interval_text_color: 'Selected interval text',
  intervals_background_color: 'Intervals background',
  intervals_text_color: 'Intervals text',
  selected_amount_background_color: 'Selected amount background',
  selected_amount_text_color: 'Selected amount text',
};

type TextSetting = Exclude<keyof SettingsDraft, 'campaign_rounded_corners' | 'upsell_monthly' | 'tributes'>;
const LENGTHS: Array<[TextSetting, string, string]> = [
  ['form_max_width', 'Form width', '480px'],
  ['form_padding', 'Form padding', '28px'],
  ['button_border_radius', 'Button corner radius', '8px'],
  ['button_padding', 'Button padding', '12px 24px'],
  ['button_margin', 'Button margin', '0'],
  ['font_size', 'Font size', '16px'],
  ['line_height', 'Line height', '1.5'],
];

const path = (key: keyof SettingsDraft) => `campaign_settings.${key}` as const;

/** The form's look: colours, sizes, button layout, font, and CSS that applies inside the form only. */
export function DesignSection({ form }: SectionProps) {
  const format = useFormat();
  const settings = form.values.campaign_settings;
  const input = (key: TextSetting) => ({
    ...form.getInputProps(path(key)),
    value: settings[key] ?? '',
  });
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Form design
      </Title>
      <Text size="sm" c="dimmed">
        Empty boxes keep the form's defaults. The preview shows each change as you make it.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {COLOR_SETTINGS.map((key) => (
          <ColorInput key={key} label={COLOR_LABELS[key]} format="hex" placeholder="Default" {...input(key)} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {LENGTHS.map(([key, label, placeholder]) => (
          <TextInput key={key} label={label} placeholder={placeholder} {...input(key)} />
        ))}
        <Select
          label="Button layout"
          placeholder="standard"
          data={[...BUTTON_LAYOUTS]}
          clearable
          {...input('button_layout')}
          value={settings.button_layout || null}
          onChange={(v) => form.setFieldValue(path('button_layout'), v ?? '')}
        />
        <Select
          label="Font weight"
          placeholder="Default"
          data={[...FONT_WEIGHTS]}
          clearable
          {...input('font_weight')}
          value={settings.font_weight || null}
          onChange={(v) => form.setFieldValue(path('font_weight'), v ?? '')}
        />
        <TextInput label="Font" placeholder="Inter, sans-serif" {...input('campaign_page_font')} />
      </SimpleGrid>
      <Checkbox
        label="Rounded corners"
        checked={settings.campaign_rounded_corners ?? false}
        onChange={(e) => form.setFieldValue(path('campaign_rounded_corners'), e.currentTarget.checked)}
      />
      <Textarea
        label="Custom CSS"
        description={`Applies inside the donation form only, never to the page around it or the site that embeds it. Up to ${format.count(CUSTOM_CSS_MAX_LENGTH)} characters.`}
        rows={5}
        resize="vertical"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('custom_css')}
      />
    </Stack>
  );
}
