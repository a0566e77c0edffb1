import { canReach, type TDonorDetail } from '@kindling/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Download, Pencil, TriangleAlert, UserX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useCan, useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ListMessage, RetryButton } from '../../../system/list/index.ts';
// mem19: memberships.
import { DonorMemberships } from '../../membership/index.ts';
import { NotesPanel } from '../../notes/index.ts';
// pay25: payment requests.
import { DonorPaymentRequests } from '../../payment-requests/index.ts';
import { donorQueries, statementUrl } from '../api/donors.queries.ts';
import { DonorBadges, donorName } from '../components/DonorBits.tsx';
import { DonorProfileForm } from '../components/DonorProfileForm.tsx';
import { DonorTimeline } from '../components/DonorTimeline.tsx';
import { MergeDuplicates } from '../components/MergeDuplicates.tsx';

const ENTRY = pageEntry('/dashboard/donor/:id') ?? {
  title: 'Donor',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

function Profile({ donor, canEdit }: { donor: TDonorDetail; canEdit: boolean }) {
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const p = donor.profile;
  const address = [p.address, p.address2, [p.city, p.state, p.postal_code].filter(Boolean).join(' '), p.country].filter(
    (line) => line.trim() !== '',
  );
  return (
    <Section
      title="Profile"
      action={
        canEdit ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<Pencil size={14} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Edit profile
          </Button>
        ) : null
      }
    >
      <Stack gap={4}>
        <Text style={{ overflowWrap: 'anywhere' }}>{p.email}</Text>
        {address.length ? (
          address.map((line) => <Text key={line}>{line}</Text>)
        ) : (
          <Text c="dimmed">No address recorded.</Text>
        )}
        <Text size="xs" c="dimmed">
          Donor since {format.date(p.created_at)}
        </Text>
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit profile" size="lg">
        {editing ? <DonorProfileForm donor={donor} onDone={() => setEditing(false)} /> : null}
      </Modal>
    </Section>
  );
}

function Plans({ donor }: { donor: TDonorDetail }) {
  const format = useFormat();
  if (donor.plans.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No recurring plans.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Next charge</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donor.plans.map((plan) => (
            <Table.Tr key={plan.id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/recurring-plan/${plan.id}`}>
                  {format.money(plan.amount_minor, plan.currency)} {plan.interval}
                </Anchor>
                {plan.campaign_name ? (
                  <Text size="xs" c="dimmed">
                    {plan.campaign_name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Badge variant="default">{plan.status.replace('_', ' ')}</Badge>
              </Table.Td>
              <Table.Td>{format.date(plan.next_charge_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function GiftAid({ donor }: { donor: TDonorDetail }) {
  if (donor.gift_aid_declarations.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No Gift Aid declarations.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {donor.gift_aid_declarations.map((g) => (
        <li key={g.donation_id}>
          <Text size="sm">
            {g.name}, {g.address}, {g.postcode}
          </Text>
          <Text size="xs" c="dimmed">
            Declared {g.declared_on || '—'} with{' '}
            <Anchor component={Link} to={`/dashboard/donation/${g.donation_id}`} size="xs">
              gift #{g.donation_id}
            </Anchor>
          </Text>
        </li>
      ))}
    </Stack>
  );
}

function Statement({ donor }: { donor: TDonorDetail }) {
  const years = donor.statement_years.length ? donor.statement_years : [donor.giving_year.current_year];
  const [year, setYear] = useState(String(years[0]));
  return (
    <Group gap="xs" align="flex-end">
      <Select
        label="Statement year"
        description={
          donor.giving_year.fiscal_year_start_month === 1 ? 'Calendar years' : 'Fiscal years, by the year they end'
        }
        data={years.map(String)}
        value={year}
        allowDeselect={false}
        onChange={(v) => v && setYear(v)}
        w={180}
      />
      <Button
        component="a"
        href={statementUrl(donor.profile.id, Number(year))}
        leftSection={<Download size={16} aria-hidden />}
        variant="light"
      >
        Annual statement (PDF)
      </Button>
    </Group>
  );
}

function DonorBody({ donor, canEdit, canMerge }: { donor: TDonorDetail; canEdit: boolean; canMerge: boolean }) {
  const format = useFormat();
  const s = donor.summary;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Stat label="Lifetime total" value={format.money(s.lifetime_total_minor, s.currency)} />
          <Stat label="Gifts" value={s.gift_count} />
          <Stat label="First gift" value={format.date(s.first_gift_at)} />
          <Stat label="Last gift" value={format.date(s.last_gift_at)} />
        </SimpleGrid>
        <Group mt="sm" gap="xs">
          <DonorBadges donor={s} />
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Profile donor={donor} canEdit={canEdit} />
          <Section title="Recurring plans">
            <Plans donor={donor} />
          </Section>
          <Section title="Gift Aid declarations">
            <GiftAid donor={donor} />
          </Section>
          <Section title="Possible duplicates">
            <MergeDuplicates donor={donor} canMerge={canEdit && canMerge} />
          </Section>
        </Stack>
        <Stack gap="md">
          <Section title="Giving history">
            <Stack gap="md">
              <Statement donor={donor} />
              <DonorTimeline events={donor.timeline} />
            </Stack>
          </Section>
          <NotesPanel subject="donor" id={donor.profile.id} />
          {/* mem19: the donor's memberships (decision 049). */}
          <DonorMemberships donorId={donor.profile.id} />
        </Stack>
      </SimpleGrid>
      {/* pay25: this donor's payment requests and a link to ask for another. */}
      <DonorPaymentRequests donorId={donor.profile.id} />
    </Stack>
  );
}

/** /dashboard/donor/{id}: one donor's profile, giving history, plans, notes and duplicates. */
export function DonorPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const id = Number(useParams().id);
  const donor = useQuery(donorQueries.detail(npoId, id));
  const canEdit = canReach('admin', session.role);
  const canMerge = useCan('donors.merge');
  let body: ReactNode;
  if (donor.isPending) {
    body = (
      <Stack role="status" aria-label="Loading donor" gap="sm">
        <Skeleton height={90} />
        <Skeleton height={240} />
      </Stack>
    );
  } else if (donor.isError) {
    const missing = donor.error instanceof ApiError && donor.error.status === 404;
    body = missing ? (
      <ListMessage
        icon={<UserX size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title="Donor not found"
        hint="This donor does not exist in this organisation, or was merged into another donor."
        action={
          <Button component={Link} to="/dashboard/donors" variant="light" size="xs">
            Back to donors
          </Button>
        }
      />
    ) : (
      <ListMessage
        role="alert"
        icon={<TriangleAlert size={28} aria-hidden color="var(--mantine-color-red-6)" />}
        title="The donor could not be loaded"
        hint={donor.error.message}
        action={<RetryButton onRetry={() => donor.refetch()} loading={donor.isFetching} />}
      />
    );
  } else {
    body = <DonorBody donor={donor.data} canEdit={canEdit} canMerge={canMerge} />;
  }
  return (
    <PageFrame entry={ENTRY} heading={donor.data ? donorName(donor.data.profile) : ENTRY.title}>
      {body}
    </PageFrame>
  );
}
