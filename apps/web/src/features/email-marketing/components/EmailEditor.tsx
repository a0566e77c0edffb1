import '@mantine/tiptap/styles.css';
import { MARKETING_MERGE_FIELDS, type TMarketingEmail, type TMarketingEmailInput } from '@kindling/contracts';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import { MergeFieldBar, RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import { createEmail, marketingKeys, marketingQueries, saveEmail } from '../api/marketing.queries.ts';

const EMPTY: TMarketingEmailInput = {
  name: '',
  subject: '',
  preheader: '',
  from_name: '',
  reply_to: '',
  html: '',
  text: '',
  segment_id: 0,
};

/**
 * A draft's fields: name, subject, preview text, sender, the segment or list, the rich-text body with
 * merge fields and https images, and an optional plain-text part (docs/product/crm-email-marketing.md#writing).
 */
export function EmailEditor({ email, onSaved }: { email: TMarketingEmail | null; onSaved: (id: number) => void }) {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const client = useQueryClient();
  const segments = useQuery(marketingQueries.segments(npoId));
  const [v, setV] = useState<TMarketingEmailInput>(
    email ? { ...email, segment_id: email.segment_id ?? 0 } : { ...EMPTY, from_name: session.selectedNpo?.name ?? '' },
  );
  const [imageUrl, setImageUrl] = useState('');
  const editor = useRichTextEditor({
    html: email?.html ?? '',
    editable: true,
    images: true,
    label: 'Message',
    onChange: (html) => setV((x) => ({ ...x, html })),
    onReady: (html) => setV((x) => ({ ...x, html })),
  });
  // The value is read now: an updater runs later, when the event's currentTarget is gone.
  const set = (key: keyof TMarketingEmailInput) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.currentTarget.value;
    setV((x) => ({ ...x, [key]: value }));
  };
  const save = useMutation({
    mutationFn: () => (email ? saveEmail(email.id, v) : createEmail(v)),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: marketingKeys.all });
      toast('green', 'E-mail saved.');
      onSaved(saved.id);
    },
  });
  const error = save.error ? describeFormError(save.error, 'The e-mail could not be saved. Please try again.') : null;
  const addImage = () => {
    if (!/^https:\/\//i.test(imageUrl)) return toast('red', 'Enter an image address starting with https://.');
    editor?.chain().focus().setImage({ src: imageUrl, alt: '' }).run();
    setImageUrl('');
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm">
        <FormAlert message={error?.message ?? null} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name"
            description="Only your team sees it."
            required
            value={v.name}
            onChange={set('name')}
            error={error?.fields.name}
          />
          <Select
            label="Send to"
            description="A segment or a list"
            required
            data={(segments.data?.segments ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.name} (${s.count})`,
            }))}
            value={v.segment_id ? String(v.segment_id) : null}
            onChange={(id) => setV((x) => ({ ...x, segment_id: Number(id ?? 0) }))}
            error={error?.fields.segment_id}
          />
          <TextInput
            label="Subject"
            required
            value={v.subject}
            onChange={set('subject')}
            error={error?.fields.subject}
          />
          <TextInput
            label="Preview text"
            description="Shown after the subject in most inboxes."
            value={v.preheader}
            onChange={set('preheader')}
            error={error?.fields.preheader}
          />
          <TextInput
            label="Sender name"
            required
            value={v.from_name}
            onChange={set('from_name')}
            error={error?.fields.from_name}
          />
          <TextInput
            label="Reply-to address"
            type="email"
            value={v.reply_to}
            onChange={set('reply_to')}
            error={error?.fields.reply_to}
          />
        </SimpleGrid>
        <MergeFieldBar editor={editor} fields={MARKETING_MERGE_FIELDS} />
        <RichTextBox editor={editor} />
        {error?.fields.html ? (
          <Text c="red" size="sm" role="alert">
            {error.fields.html}
          </Text>
        ) : null}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="Image address (https)"
            value={imageUrl}
            onChange={(e) => setImageUrl(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button variant="default" leftSection={<ImagePlus size={14} aria-hidden />} onClick={addImage}>
            Insert image
          </Button>
        </Group>
        <Textarea
          label="Plain-text part"
          description="Leave empty to use the message's text."
          rows={4}
          value={v.text}
          onChange={set('text')}
          error={error?.fields.text}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save e-mail
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
