import { FUNDING_MODELS, slugifyCampaignName, toMinorUnits } from '@kindling/contracts';
import { Button, Group, Paper, Radio, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { createCrowdfunding, crowdfundingKeys } from '../api/crowdfunding.queries.ts';
import { FUNDING_MODEL_TEXT } from './CrowdfundingEditPage.tsx';

const ENTRY = pageEntry('/dashboard/crowdfunding/new') ?? {
  title: 'New crowdfunding page',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

/** /dashboard/crowdfunding/new: a draft page with its name, address, goal, funding model and deadline. */
export function CrowdfundingNewPage() {
  const session = useSession();
  const currency = session.npo?.base_currency ?? 'USD';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [urlTouched, setUrlTouched] = useState(false);
  const [goal, setGoal] = useState('');
  const [model, setModel] = useState<(typeof FUNDING_MODELS)[number]>('keep_what_you_raise');
  const [deadline, setDeadline] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createCrowdfunding,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: crowdfundingKeys.all });
      toast('green', 'Crowdfunding page created as a draft.');
      navigate(`/dashboard/crowdfunding/${created.id}/edit`, { replace: true });
    },
    onError: (error) => {
      const described = describeFormError(error, 'The page could not be created. Please try again.');
      setErrors(described.fields);
      setMessage(described.message ?? 'Please correct the highlighted fields.');
    },
  });
  const submit = () => {
    const parsed = goal.trim() === '' ? null : toMinorUnits(goal, currency);
    if (parsed && !parsed.ok) {
      setErrors({ goal_minor: parsed.error });
      setMessage('Please correct the highlighted fields.');
      return;
    }
    create.mutate({
      name,
      campaign_url: url,
      goal_minor: parsed ? parsed.minor : null,
      funding_model: model,
      deadline: deadline ? new Date(deadline).toISOString() : null,
    });
  };
  return (
    <PageFrame entry={ENTRY}>
      <Paper withBorder radius="lg" p="md" maw={640}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            {message && <FormAlert message={message} />}
            <TextInput
              label="Name"
              required
              value={name}
              error={errors.name}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setName(value);
                if (!urlTouched) setUrl(slugifyCampaignName(value));
              }}
            />
            <TextInput
              label="Page address"
              description={`/crowdfunding/${url || '…'}`}
              required
              value={url}
              error={errors.campaign_url}
              onChange={(e) => {
                setUrlTouched(true);
                setUrl(e.currentTarget.value);
              }}
            />
            <TextInput
              label={`Goal (${currency})`}
              inputMode="decimal"
              value={goal}
              error={errors.goal_minor}
              onChange={(e) => setGoal(e.currentTarget.value)}
            />
            <Radio.Group label="Funding model" value={model} onChange={(v) => setModel(v as typeof model)}>
              <Stack gap="xs" mt="xs">
                {FUNDING_MODELS.map((m) => (
                  <Radio
                    key={m}
                    value={m}
                    label={FUNDING_MODEL_TEXT[m].label}
                    description={FUNDING_MODEL_TEXT[m].hint}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <TextInput
              maw={280}
              type="datetime-local"
              label="Deadline"
              value={deadline}
              error={errors.deadline}
              onChange={(e) => setDeadline(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" loading={create.isPending}>
                Create the page
              </Button>
              <Button component={Link} to="/dashboard/crowdfunding" variant="default">
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
