import {
  DEFAULT_DASHBOARD_SETTINGS,
  HOME_CARDS,
  HOME_CHARTS,
  HOME_PERIODS,
  type TDashboardSettings,
  type THomeCard,
  type THomeChart,
  type THomePeriod,
} from '@kindling/contracts';
import { Alert, Button, Checkbox, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../session';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import {
  CARD_LABELS,
  CHART_LABELS,
  dashboardSettingsKeys,
  dashboardSettingsQuery,
  saveDashboardSettings,
} from './dashboard-settings.queries.ts';

const ENTRY = pageEntry('/dashboard/settings') ?? {
  section: 'Dashboard',
  title: 'Dashboard settings',
  description: 'Choose which figures and charts your dashboard shows and the period they cover.',
  emptyTitle: '',
};

/** The lists keep the home page's order whatever order the boxes were ticked in. */
const inOrder = <T extends string>(all: readonly T[], chosen: string[]) => all.filter((k) => chosen.includes(k));

/** /dashboard/settings: what the user's home dashboard shows (docs/product/overview.md#dashboard-settings). */
export function DashboardSettingsPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const query = useQuery(dashboardSettingsQuery(npoId));
  return (
    <PageFrame entry={ENTRY}>
      {query.isPending && npoId !== null ? (
        <Paper withBorder radius="lg" p="md" role="status" aria-label="Loading your dashboard settings">
          <Skeleton height={16} width="40%" mb="md" />
          <Skeleton height={120} mb="md" />
          <Skeleton height={16} width="30%" />
        </Paper>
      ) : null}
      {npoId === null ? (
        <Alert variant="light" title="No organisation selected">
          Choose an organisation in the switcher at the top: dashboard settings are kept per organisation.
        </Alert>
      ) : null}
      {query.isError ? (
        <LoadError
          title="Settings unavailable"
          message={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data ? <SettingsForm npoId={npoId} initial={query.data.settings} saved={query.data.saved} /> : null}
    </PageFrame>
  );
}

function SettingsForm({
  npoId,
  initial,
  saved,
}: {
  npoId: number | null;
  initial: TDashboardSettings;
  saved: boolean;
}) {
  const client = useQueryClient();
  const [form, setForm] = useState(initial);
  useEffect(() => setForm(initial), [initial]);
  const save = useMutation({
    mutationFn: saveDashboardSettings,
    onSuccess: (response) => {
      client.setQueryData(dashboardSettingsKeys.of(npoId), response);
      notifications.show({
        color: 'green',
        message: 'Your home dashboard now shows what you chose.',
        title: 'Dashboard settings saved',
        closeButtonProps: { 'aria-label': 'Dismiss notification' },
      });
    },
  });
  const error = save.isError
    ? describeFormError(save.error, 'Your settings could not be saved. Please try again.')
    : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormAlert message={error?.message ?? null} title="Not saved" />
        {!saved ? (
          <Text size="sm" c="dimmed">
            You have not changed anything yet: your dashboard shows everything over the last twelve months.
          </Text>
        ) : null}
        <Checkbox.Group
          label="Figures and panels"
          description="The cards and panels on your home page."
          value={form.cards}
          onChange={(v) => setForm({ ...form, cards: inOrder<THomeCard>(HOME_CARDS, v) })}
          error={error?.fields.cards}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" mt="xs">
            {HOME_CARDS.map((key) => (
              <Checkbox key={key} value={key} label={CARD_LABELS[key]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Checkbox.Group
          label="Charts"
          value={form.charts}
          onChange={(v) => setForm({ ...form, charts: inOrder<THomeChart>(HOME_CHARTS, v) })}
          error={error?.fields.charts}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt="xs">
            {HOME_CHARTS.map((key) => (
              <Checkbox key={key} value={key} label={CHART_LABELS[key]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Radio.Group
          label="Period"
          description="How far back the charts look."
          value={String(form.period_months)}
          onChange={(v) => setForm({ ...form, period_months: Number(v) as THomePeriod })}
          error={error?.fields.period_months}
        >
          <Group gap="md" mt="xs">
            {HOME_PERIODS.map((months) => (
              <Radio key={months} value={String(months)} label={`Last ${months} months`} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={() => setForm(DEFAULT_DASHBOARD_SETTINGS)}>
            Show everything
          </Button>
          <Group gap="sm">
            <Button component={Link} to="/dashboard/home" variant="default">
              Back to home
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
