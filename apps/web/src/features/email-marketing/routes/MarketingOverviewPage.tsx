import { canReach, type TMarketingSettings } from '@kindling/contracts';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { marketingKeys, marketingQueries, saveSettings } from '../api/marketing.queries.ts';

const ENTRY = pageEntry('/dashboard/crm/marketing') ?? {
  title: 'Marketing',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

/** Tracking, throttle and attribution window: admins change them, everyone else reads them. */
function SettingsForm({ settings, admin }: { settings: TMarketingSettings; admin: boolean }) {
  const client = useQueryClient();
  const [s, setS] = useState(settings);
  const save = useMutation({
    mutationFn: () => saveSettings(s),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: marketingKeys.all });
      toast('green', 'Marketing settings saved.');
    },
  });
  const error = save.error ? describeFormError(save.error, 'The settings could not be saved.') : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Settings
        </Title>
        <FormAlert message={error?.message ?? null} />
        <Checkbox
          label="Count opens (a tracking image in each e-mail)"
          disabled={!admin}
          checked={s.track_opens}
          onChange={(e) => setS({ ...s, track_opens: e.currentTarget.checked })}
        />
        <Checkbox
          label="Count clicks (links go through Kindling first)"
          disabled={!admin}
          checked={s.track_clicks}
          onChange={(e) => setS({ ...s, track_clicks: e.currentTarget.checked })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="E-mails a minute, at most"
            disabled={!admin}
            min={10}
            max={100000}
            value={s.throttle_per_minute}
            onChange={(v) => setS({ ...s, throttle_per_minute: Number(v) || 0 })}
            error={error?.fields.throttle_per_minute}
          />
          <NumberInput
            label="Count gifts made within (days)"
            disabled={!admin}
            min={1}
            max={90}
            value={s.attribution_days}
            onChange={(v) => setS({ ...s, attribution_days: Number(v) || 0 })}
            error={error?.fields.attribution_days}
          />
        </SimpleGrid>
        {admin ? (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            An admin, manager or finance lead can change these settings.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** /dashboard/crm/marketing: what the organisation's e-mails did, what is scheduled, and the settings. */
export function MarketingOverviewPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const format = useFormat();
  const overview = useQuery(marketingQueries.overview(npoId));
  if (overview.isPending)
    return (
      <PageFrame entry={ENTRY}>
        <Skeleton h={240} aria-label="Loading marketing" />
      </PageFrame>
    );
  if (overview.isError)
    return (
      <PageFrame entry={ENTRY}>
        <LoadError
          title="Marketing could not be loaded"
          message="Please try again."
          retrying={overview.isFetching}
          onRetry={() => overview.refetch()}
        />
      </PageFrame>
    );
  const o = overview.data;
  const t = o.totals;
  const figures: Array<[string, string]> = [
    ['E-mails sent', format.count(o.sent_count)],
    ['Messages delivered', format.count(t.delivered)],
    ['Opened', format.count(t.opened)],
    ['Clicked', format.count(t.clicked)],
    ['Unsubscribed', format.count(t.unsubscribed)],
    ['Attributed gifts', `${format.count(t.gifts)} · ${format.money(t.revenue_minor, t.currency)}`],
    ['Contacts opted out of e-mail', format.count(o.unsubscribed_contacts)],
    ['Suppressed addresses', format.count(o.suppressed_addresses)],
  ];
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Button component={Link} to="/dashboard/crm/email-marketing?new=1">
          New e-mail
        </Button>
      }
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {figures.map(([label, value]) => (
            <Card key={label} withBorder padding="sm">
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{value}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder>
            <Stack gap="xs">
              <Title order={2} size="h4">
                Scheduled
              </Title>
              {o.scheduled.length === 0 ? <Text c="dimmed">Nothing scheduled.</Text> : null}
              {o.scheduled.map((e) => (
                <Text key={e.id} size="sm">
                  <Anchor component={Link} to={`/dashboard/crm/email-marketing?email=${e.id}`}>
                    {e.name}
                  </Anchor>{' '}
                  · {e.scheduled_at ? format.dateTime(e.scheduled_at) : ''} · {e.segment_name ?? ''}
                </Text>
              ))}
              <Title order={2} size="h4" mt="sm">
                Recently sent
              </Title>
              {o.recent.length === 0 ? <Text c="dimmed">No e-mails sent yet.</Text> : null}
              {o.recent.map((e) => (
                <Text key={e.id} size="sm">
                  <Anchor component={Link} to={`/dashboard/crm/email-marketing?email=${e.id}`}>
                    {e.name}
                  </Anchor>{' '}
                  · {format.count(e.results.sent)} sent · {format.count(e.results.opened)} opened ·{' '}
                  {format.money(e.results.revenue_minor, e.results.currency)} given
                </Text>
              ))}
            </Stack>
          </Card>
          <Card withBorder>
            <SettingsForm settings={o.settings} admin={canReach('admin', session.role)} />
          </Card>
        </SimpleGrid>
      </Stack>
    </PageFrame>
  );
}
