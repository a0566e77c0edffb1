import {
  currencyExponent,
  type TPeerPage,
  type TPeerPageInput,
  ZCampaignUrl,
  ZPeerPageInput,
} from '@kindling/contracts';
import {
  Anchor,
  Button,
  Group,
  Image,
  NumberInput,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import { peerApi, peerKeys, peerQueries } from '../api/peer.queries.ts';

const ENTRY = pageEntry('/peer-campaign-edit/:id') ?? {
  title: 'Edit fundraising page',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

type Draft = {
  title: string;
  story: string;
  image_url: string;
  video_url: string;
  goal: number | string;
  deadline: string;
  campaign_url: string;
};

/** Minor units per major unit of the page's currency (100 for dollars, 1 for yen). */
const unit = (currency: string) => 10 ** currencyExponent(currency);

const draftOf = (p: TPeerPage): Draft => ({
  title: p.title,
  story: p.story,
  image_url: p.image_url ?? '',
  video_url: p.video_url ?? '',
  goal: p.goal_minor === null ? '' : p.goal_minor / unit(p.currency),
  deadline: p.deadline ? p.deadline.slice(0, 10) : '',
  campaign_url: p.campaign_url,
});

const inputOf = (d: Draft, currency: string): TPeerPageInput => ({
  title: d.title,
  story: d.story,
  image_url: d.image_url.trim() || null,
  video_url: d.video_url.trim() || null,
  goal_minor: d.goal === '' ? null : Math.round(Number(d.goal) * unit(currency)),
  deadline: d.deadline || null,
  campaign_url: d.campaign_url,
});

/** The address's availability, asked a moment after typing stops (saving checks again). */
function useUrlAvailability(id: number, saved: string, typed: string) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const [slug] = useDebouncedValue(typed.trim().toLowerCase(), 300);
  const parsed = ZCampaignUrl.safeParse(slug);
  const check = useQuery({ ...peerQueries.url(npoId, id, slug), enabled: parsed.success && slug !== saved });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? null;
  if (slug === saved) return null;
  return check.data && !check.data.available ? check.data.message : null;
}

/** What visitors will see, from the unsaved draft; the story in a sandboxed frame (no scripts). */
function Preview({ draft, currency }: { draft: Draft; currency: string }) {
  const format = useFormat();
  const goal = draft.goal === '' ? null : Math.round(Number(draft.goal) * unit(currency));
  return (
    <Paper withBorder radius="md" p="md" aria-label="Preview">
      <Stack gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase">
          Preview
        </Text>
        {draft.image_url.trim() && <Image src={draft.image_url} alt="" radius="sm" mah={200} fit="cover" />}
        <Title order={2} size="h3">
          {draft.title || 'Your page title'}
        </Title>
        {goal ? (
          <>
            <Text size="sm">Goal {format.money(goal, currency)}</Text>
            <Progress value={0} aria-label="Progress towards the goal" />
          </>
        ) : null}
        <iframe
          title="Story preview"
          sandbox=""
          srcDoc={draft.story}
          style={{ border: 0, width: '100%', minHeight: 140 }}
        />
        {draft.video_url.trim() && <Text size="sm">Video: {draft.video_url}</Text>}
        <Text size="sm" c="dimmed">
          /raise/{draft.campaign_url}
        </Text>
      </Stack>
    </Paper>
  );
}

function Editor({ page }: { page: TPeerPage }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(page));
  const [fields, setFields] = useState<Record<string, string>>({});
  const urlProblem = useUrlAvailability(page.id, page.campaign_url, draft.campaign_url);
  const save = useMutation({
    mutationFn: () => peerApi.save(page.id, inputOf(draft, page.currency)),
    onSuccess: ({ page: saved }) => {
      setFields({});
      toast('green', 'Your page is saved.');
      client.setQueryData(peerKeys.page(null, page.id), { page: saved });
      void client.invalidateQueries({ queryKey: peerKeys.all });
    },
    onError: (error) => setFields(describeFormError(error, '').fields),
  });
  const set = (key: keyof Draft) => (value: string | number) => setDraft((d) => ({ ...d, [key]: value }));
  // The app's rich-text editor; the server sanitises the story like a campaign description (decision 044).
  const editor = useRichTextEditor({
    html: page.story,
    editable: true,
    label: 'Your story',
    onChange: (story) => setDraft((d) => ({ ...d, story })),
    onReady: () => {},
  });
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZPeerPageInput.safeParse(inputOf(draft, page.currency));
    if (!parsed.success) {
      setFields(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    save.mutate();
  };
  const message = save.isError ? describeFormError(save.error, 'Your page could not be saved.').message : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert message={message} />
          <TextInput
            label="Title"
            required
            value={draft.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={fields.title}
          />
          <Stack gap={4}>
            <Text component="span" size="sm" fw={500}>
              Your story
            </Text>
            <Text size="xs" c="dimmed">
              Why you are raising money: headings, lists, links and emphasis; it is cleaned when saved.
            </Text>
            <RichTextBox editor={editor} />
            {fields.story ? (
              <Text size="xs" c="red.8">
                {fields.story}
              </Text>
            ) : null}
          </Stack>
          <TextInput
            label="Photo link"
            description="An https:// address of a picture."
            value={draft.image_url}
            onChange={(e) => set('image_url')(e.currentTarget.value)}
            error={fields.image_url}
          />
          <TextInput
            label="Video link"
            description="A YouTube, Vimeo or other https:// video address."
            value={draft.video_url}
            onChange={(e) => set('video_url')(e.currentTarget.value)}
            error={fields.video_url}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={`Personal goal (${page.currency})`}
              min={1}
              decimalScale={2}
              value={draft.goal}
              onChange={set('goal')}
              error={fields.goal_minor}
            />
            <TextInput
              label="Deadline"
              type="date"
              value={draft.deadline}
              onChange={(e) => set('deadline')(e.currentTarget.value)}
              error={fields.deadline}
            />
          </Group>
          <TextInput
            label="Page address"
            leftSection={<Text size="sm">/raise/</Text>}
            leftSectionWidth={60}
            value={draft.campaign_url}
            onChange={(e) => set('campaign_url')(e.currentTarget.value)}
            error={fields.campaign_url ?? urlProblem}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save page
            </Button>
            <Anchor component={Link} to="/peer-dashboard">
              Back to my dashboard
            </Anchor>
          </Group>
        </Stack>
      </form>

      <Preview draft={draft} currency={page.currency} />
    </SimpleGrid>
  );
}

/** /peer-campaign-edit/{id}: the fundraiser edits their own page, with a live preview. */
export function PeerEditPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const valid = Number.isSafeInteger(id) && id > 0;
  const npoId = useSession().selectedNpo?.id ?? null;
  const page = useQuery({ ...peerQueries.page(npoId, id), enabled: valid });
  const missing = !valid || (page.error instanceof ApiError && page.error.status === 404);
  let body: React.ReactNode;
  if (missing) {
    body = (
      <Paper withBorder radius="md" p="lg" role="alert">
        <Title order={2} size="h4">
          Fundraising page not found
        </Title>
        <Text c="dimmed">It may have been removed, or it is not yours.</Text>
      </Paper>
    );
  } else if (page.isError) {
    body = (
      <LoadError
        title="Your page could not be loaded"
        message={page.error.message}
        retrying={page.isFetching}
        onRetry={() => void page.refetch()}
      />
    );
  } else if (!page.data) {
    body = <Skeleton height={420} />;
  } else {
    body = <Editor page={page.data.page} />;
  }
  return <PageFrame entry={ENTRY}>{body}</PageFrame>;
}
