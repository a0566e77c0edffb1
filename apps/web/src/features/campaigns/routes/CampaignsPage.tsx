import { CAMPAIGN_STATUSES, canReach, type TCampaignListResponse, type TCampaignStatus } from '@kindling/contracts';
import { Button, Group, Menu, Pagination, Paper, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Mail, Megaphone, Plus, Search, TriangleAlert } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { CAMPAIGNS_PAGE_SIZE, campaignQueries } from '../api/campaigns.queries.ts';
import { type StatusChange, StatusChangeModal } from '../components/CampaignActions.tsx';
import { ListMessage, RetryButton, STATUS_LABELS } from '../components/CampaignBits.tsx';
import { CampaignCards, CampaignListSkeleton, CampaignTable } from '../components/CampaignList.tsx';

const ENTRY = pageEntry('/dashboard/campaigns') ?? {
  title: 'Campaigns',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

const statusOf = (value: string | null): TCampaignStatus | null =>
  (CAMPAIGN_STATUSES as readonly string[]).includes(value ?? '') ? (value as TCampaignStatus) : null;

/** The search box writes to ?search= after a pause, so reload and back keep what was typed. */
function useSearchParam(params: URLSearchParams, update: (next: { search?: string }) => void) {
  const fromUrl = params.get('search') ?? '';
  const [text, setText] = useState(fromUrl);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // Only a newly typed value writes the URL; URL changes (back/forward) are handled below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed value settles
  useEffect(() => {
    if (debounced !== fromUrl) update({ search: debounced });
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL drives this
  useEffect(() => {
    // Back/forward changed the URL: show its value in the box.
    if (fromUrl !== debounced) setText(fromUrl);
  }, [fromUrl]);
  return { text, setText, search: fromUrl };
}

type BodyInput = {
  list: UseQueryResult<TCampaignListResponse>;
  filtered: boolean;
  newButton: ReactNode;
  onClear: () => void;
  List: typeof CampaignTable;
  listProps: ComponentProps<typeof CampaignTable>;
};

/** What the list area shows: skeleton, error with retry, no match, first-campaign state, or the list. */
function listBody({ list, filtered, newButton, onClear, List, listProps }: BodyInput): ReactNode {
  if (list.isPending) return <CampaignListSkeleton />;
  if (list.isError && !list.data)
    return (
      <ListMessage
        role="alert"
        icon={<TriangleAlert size={28} aria-hidden color="var(--mantine-color-red-6)" />}
        title="Campaigns could not be loaded"
        hint={list.error.message}
        action={<RetryButton onRetry={() => list.refetch()} loading={list.isFetching} />}
      />
    );
  if (listProps.campaigns.length === 0 && filtered)
    return (
      <ListMessage
        title="No campaigns match"
        hint="Try another search or status."
        action={
          <Button variant="light" size="xs" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  if (listProps.campaigns.length === 0)
    return (
      <ListMessage
        icon={<Megaphone size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title="No campaigns yet"
        hint="A campaign is a donation form with its own address, amounts and goal."
        action={newButton}
      />
    );
  return <List {...listProps} />;
}

/** Search, status and page live in the query string, so reload and back keep them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const go = (next: { search?: string; status?: TCampaignStatus | null; page?: number }) => {
    const q = new URLSearchParams(params);
    const entries = {
      search: next.search ?? params.get('search'),
      status: next.status === undefined ? status : next.status,
    };
    for (const [key, value] of Object.entries(entries)) {
      if (value) q.set(key, value);
      else q.delete(key);
    }
    if (next.page && next.page > 1) q.set('page', String(next.page));
    else q.delete('page');
    setParams(q, { replace: next.search !== undefined });
  };
  const { text, setText, search } = useSearchParam(params, go);
  return { status, page, go, text, setText, search };
}

/** The organisation's e-mail templates to donors, edited on pages of their own. */
function DonorEmailsMenu() {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<Mail size={16} aria-hidden />}>
          Donor e-mails
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/dashboard/campaigns/one-time-emails">
          One-time gift e-mails
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/campaigns/recurring-emails">
          Recurring gift e-mails
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** /dashboard/campaigns: the organisation's campaigns, searchable, filtered by status, paged. */
export function CampaignsPage() {
  const session = useSession();
  const canWrite = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const npoId = session.selectedNpo?.id ?? null;
  const { status, page, go, text, setText, search } = useListParams();
  const list = useQuery({
    ...campaignQueries.list({ npoId, search, status, page }),
    placeholderData: keepPreviousData,
  });
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [change, setChange] = useState<StatusChange | null>(null);
  const filtered = search !== '' || status !== null;
  const campaigns = list.data?.campaigns ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / CAMPAIGNS_PAGE_SIZE));

  const newButton = canWrite ? (
    <Button component={Link} to="/dashboard/campaign-new" leftSection={<Plus size={16} aria-hidden />}>
      New campaign
    </Button>
  ) : null;

  const body = listBody({
    list,
    filtered,
    newButton,
    onClear: () => {
      setText('');
      go({ search: '', status: null });
    },
    List: mobile ? CampaignCards : CampaignTable,
    listProps: { campaigns, canWrite, onStatusChange: setChange },
  });

  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Group gap="xs">
          <DonorEmailsMenu />
          {campaigns.length > 0 || filtered ? newButton : null}
        </Group>
      }
    >
      <Group gap="sm" align="flex-end">
        <TextInput
          type="search"
          label="Search campaigns"
          placeholder="Name or URL"
          leftSection={<Search size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <SegmentedControl
          aria-label="Status"
          value={status ?? 'all'}
          onChange={(value) => go({ status: statusOf(value) })}
          data={[
            { value: 'all', label: 'All' },
            ...(['active', 'draft', 'ended'] as const).map((value) => ({ value, label: STATUS_LABELS[value] })),
          ]}
        />
      </Group>
      <Paper
        withBorder={!(mobile && campaigns.length > 0)}
        radius="md"
        style={{ overflow: 'hidden' }}
        bg={mobile && campaigns.length > 0 ? 'transparent' : undefined}
      >
        {body}
      </Paper>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={(value) => go({ page: value })} />
        </Group>
      ) : null}
      <StatusChangeModal change={change} onClose={() => setChange(null)} />
    </PageFrame>
  );
}
