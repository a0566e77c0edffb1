import { canReach, type TGuide, type TGuidePage } from '@kindling/contracts';
import {
  Button,
  Group,
  NavLink,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import {
  addGuidePage,
  communicationKeys,
  communicationQueries,
  removeGuidePage,
  saveGuidePage,
} from '../api/communications.queries.ts';

const ENTRY = pageEntry('/dashboard/crm/communications-guide') ?? {
  title: 'Communications guide',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

/** The editor for one page, or a new page when `page` is null. */
function GuideEditor({
  npoId,
  page,
  onDone,
}: {
  npoId: number | null;
  page: TGuidePage | null;
  onDone: (slug: string | null) => void;
}) {
  const client = useQueryClient();
  const [title, setTitle] = useState(page?.title ?? '');
  const [html, setHtml] = useState(page?.body_html ?? '');
  const editor = useRichTextEditor({
    html: page?.body_html ?? '',
    editable: true,
    onChange: setHtml,
    onReady: setHtml,
    label: 'Page text',
  });
  const save = useMutation({
    mutationFn: async () => {
      if (page) {
        const guide = await saveGuidePage(page.slug, { title, body_html: html });
        client.setQueryData<TGuide>(communicationKeys.guide(npoId), guide);
        return page.slug;
      }
      const added = await addGuidePage({ title, body_html: html });
      await client.invalidateQueries({ queryKey: communicationKeys.guide(npoId) });
      return added.slug;
    },
    onSuccess: (slug) => {
      toast('green', 'Guide page saved.');
      onDone(slug);
    },
  });
  const error = save.error ? describeFormError(save.error, 'The page could not be saved. Please try again.') : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm">
        <FormAlert message={error?.message ?? null} />
        <TextInput
          label="Title"
          required
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={error?.fields.title}
        />
        <RichTextBox editor={editor} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(page?.slug ?? null)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function GuidePageView({ page }: { page: TGuidePage }) {
  const format = useFormat();
  return (
    <Stack gap="xs">
      <Title order={2}>{page.title}</Title>
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises guide pages (communications module, guide.service) */}
        <div dangerouslySetInnerHTML={{ __html: page.body_html }} />
      </Typography>
      <Text size="xs" c="dimmed">
        {page.updated_at
          ? `Last changed ${format.dateTime(page.updated_at)}${page.updated_by ? ` by ${page.updated_by}` : ''}`
          : 'The first version of the guide: your admins can change it to fit your organisation.'}
      </Text>
    </Stack>
  );
}

/** /dashboard/crm/communications-guide: the organisation's own guide for staff, edited by its admins. */
export function CommunicationsGuidePage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const admin = canReach('admin', session.role);
  const client = useQueryClient();
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<'page' | 'new' | null>(null);
  const guide = useQuery(communicationQueries.guide(npoId));
  const remove = useMutation({
    mutationFn: (slug: string) => removeGuidePage(slug),
    onSuccess: (next) => {
      client.setQueryData<TGuide>(communicationKeys.guide(npoId), next);
      setParams({});
      toast('green', 'Guide page deleted.');
    },
    onError: (error) => toast('red', error.message || 'The page could not be deleted.'),
  });
  const pages = guide.data?.pages ?? [];
  const current = pages.find((p) => p.slug === params.get('page')) ?? pages[0] ?? null;
  const open = (slug: string | null) => {
    setEditing(null);
    setParams(slug ? { page: slug } : {});
  };
  let body: React.ReactNode;
  if (guide.isPending) body = <Skeleton h={240} aria-label="Loading the guide" />;
  else if (guide.isError)
    body = (
      <LoadError
        title="The guide could not be loaded"
        message="Please try again."
        retrying={guide.isFetching}
        onRetry={() => guide.refetch()}
      />
    );
  else if (editing)
    body = (
      <GuideEditor
        key={editing === 'new' ? 'new' : current?.slug}
        npoId={npoId}
        page={editing === 'new' ? null : current}
        onDone={open}
      />
    );
  else if (current) body = <GuidePageView page={current} />;
  const nav = mobile ? (
    <Select
      label="Guide page"
      value={current?.slug ?? null}
      allowDeselect={false}
      data={pages.map((p) => ({ value: p.slug, label: p.title }))}
      onChange={open}
    />
  ) : (
    <nav aria-label="Guide pages">
      {pages.map((p) => (
        <NavLink
          key={p.slug}
          label={p.title}
          active={p.slug === current?.slug}
          aria-current={p.slug === current?.slug ? 'page' : undefined}
          onClick={() => open(p.slug)}
        />
      ))}
    </nav>
  );
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        admin && !editing && guide.data ? (
          <Group gap="xs">
            {current ? (
              <>
                <Button
                  variant="default"
                  leftSection={<Pencil size={14} aria-hidden />}
                  onClick={() => setEditing('page')}
                >
                  Edit page
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<Trash2 size={14} aria-hidden />}
                  loading={remove.isPending}
                  disabled={pages.length <= 1}
                  onClick={() => remove.mutate(current.slug)}
                >
                  Delete page
                </Button>
              </>
            ) : null}
            <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setEditing('new')}>
              New page
            </Button>
          </Group>
        ) : null
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
        <div>{guide.data ? nav : null}</div>
        <div style={{ gridColumn: mobile ? undefined : 'span 3' }}>{body}</div>
      </SimpleGrid>
    </PageFrame>
  );
}
