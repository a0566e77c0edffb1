import { MEMBERSHIP_STATUS_LABELS, type TDonorMemberships } from '@kindling/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';

/** The memberships a donor paid for, at the end of the donor's profile; nothing when there are none. */
export function DonorMemberships({ donorId }: { donorId: number }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const format = useFormat();
  const query = useQuery({
    queryKey: ['memberships', 'donor', npoId, donorId],
    queryFn: ({ signal }) => api<TDonorMemberships>('GET', `/npo_admin/donors/${donorId}/memberships`, { signal }),
    enabled: npoId !== null && donorId > 0,
  });
  const rows = query.data?.memberships ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Memberships">
      <Title order={2} size="h4" mb="sm">
        Memberships
      </Title>
      <Stack gap={4}>
        {rows.map((m) => (
          <Text key={m.id} size="sm">
            {m.tier}: {MEMBERSHIP_STATUS_LABELS[m.status]}, expires {format.date(m.period_end)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
