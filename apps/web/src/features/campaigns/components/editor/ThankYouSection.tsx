import { Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { SectionProps } from './editor-form.ts';

/** What the donor sees after giving, and where they may be sent next. */
export function ThankYouSection({ form }: SectionProps) {
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Thank-you
      </Title>
      <Textarea
        label="Thank-you message"
        description="Shown on the thank-you screen below the confirmation."
        rows={4}
        resize="vertical"
        {...form.getInputProps('thank_you_message')}
      />
      <TextInput
        label="Thank-you page URL"
        description="Optional: a page of your own site to send donors to afterwards."
        placeholder="https://example.org/thank-you"
        type="url"
        {...form.getInputProps('thank_you_url')}
      />
    </Stack>
  );
}
