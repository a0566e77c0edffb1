import { FUNDING_MODELS, type TCrowdfundingDetail } from '@kindling/contracts';
import { Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { crowdfundingKeys, detailQuery, saveSettings } from '../api/crowdfunding.queries.ts';
import { GalleryEditor } from '../components/GalleryEditor.tsx';
import { RewardsEditor } from '../components/RewardsEditor.tsx';
import { type FieldErrors, formOf, inputOf, type SettingsForm } from '../components/settings-form.ts';

const ENTRY = pageEntry('/dashboard/crowdfunding/:id/edit') ?? {
  title: 'Edit crowdfunding page',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

export const FUNDING_MODEL_TEXT: Record<(typeof FUNDING_MODELS)[number], { label: string; hint: string }> = {
  keep_what_you_raise: { label: 'Keep what you raise', hint: 'Each gift is charged when it is made.' },
  all_or_nothing: {
    label: 'All or nothing',
    hint: 'Backers save their card and are charged only if the goal (counting pledges) is met by the deadline; otherwise nobody is charged. Everyone is e-mailed either way.',
  },
};

function Editor({ detail }: { detail: TCrowdfundingDetail }) {
  const [form, setForm] = useState<SettingsForm>(() => formOf(detail));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => setForm(formOf(detail)), [detail]);
  const set = (patch: Partial<SettingsForm>) => setForm((f) => ({ ...f, ...patch }));
  const save = useMutation({
    mutationFn: (input: Parameters<typeof saveSettings>[1]) => saveSettings(detail.id, input),
    onSuccess: async (saved) => {
      setErrors({});
      setMessage(null);
      queryClient.setQueryData(detailQuery(detail.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: crowdfundingKeys.all });
      toast('green', 'Crowdfunding page saved.');
    },
    onError: (error) => {
      const described = describeFormError(error, 'The page could not be saved. Please try again.');
      setErrors(described.fields);
      setMessage(described.message ?? 'Please correct the highlighted fields.');
    },
  });
  const submit = () => {
    const result = inputOf(form, detail.currency);
    if ('errors' in result) {
      setErrors(result.errors);
      setMessage('Please correct the highlighted fields.');
      return;
    }
    save.mutate(result);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <Group justify="space-between">
          <Text>
            Story, goal and donation form:{' '}
            <Anchor component={Link} to={`/dashboard/campaign-edit/${detail.id}`}>
              edit them with the campaign
            </Anchor>
          </Text>
          <Anchor href={`/crowdfunding/${detail.campaign_url}`} target="_blank" rel="noopener">
            <Group gap={4}>
              Preview the page <ExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
        {message && <FormAlert message={message} />}
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="cf-funding">
          <Title order={2} size="h4" id="cf-funding" mb="sm">
            Funding
          </Title>
          <Radio.Group
            label="Funding model"
            value={form.funding_model}
            onChange={(v) => set({ funding_model: v as SettingsForm['funding_model'] })}
            error={errors.funding_model}
          >
            <Stack gap="xs" mt="xs">
              {FUNDING_MODELS.map((m) => (
                <Radio key={m} value={m} label={FUNDING_MODEL_TEXT[m].label} description={FUNDING_MODEL_TEXT[m].hint} />
              ))}
            </Stack>
          </Radio.Group>
          <TextInput
            mt="md"
            maw={280}
            type="datetime-local"
            label="Deadline"
            description="When pledging closes; empty: the campaign's end date."
            value={form.deadline}
            error={errors.deadline}
            onChange={(e) => set({ deadline: e.currentTarget.value })}
          />
        </Paper>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="cf-gallery">
          <Title order={2} size="h4" id="cf-gallery" mb="sm">
            Gallery
          </Title>
          <GalleryEditor campaignId={detail.id} images={form.images} onChange={(images) => set({ images })} />
        </Paper>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="cf-rewards">
          <Title order={2} size="h4" id="cf-rewards" mb="sm">
            Rewards
          </Title>
          <RewardsEditor
            rewards={form.rewards}
            currency={detail.currency}
            errors={errors}
            onChange={(rewards) => set({ rewards })}
          />
        </Paper>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button component={Link} to={`/dashboard/crowdfunding/${detail.id}`} variant="default">
            Back to the page's figures
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /dashboard/crowdfunding/{id}/edit: funding model, deadline, gallery and rewards of one page. */
export function CrowdfundingEditPage() {
  const id = Number(useParams().id);
  const detail = useQuery(detailQuery(id));
  return (
    <PageFrame entry={{ ...ENTRY, title: detail.data ? `Edit ${detail.data.name}` : ENTRY.title }}>
      {detail.isError && !detail.data ? (
        <LoadError
          title="This crowdfunding page could not be loaded"
          message={detail.error.message}
          retrying={detail.isFetching}
          onRetry={() => detail.refetch()}
        />
      ) : !detail.data ? (
        <Text c="dimmed">Loading the crowdfunding page…</Text>
      ) : (
        <Editor detail={detail.data} />
      )}
    </PageFrame>
  );
}
