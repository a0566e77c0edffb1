import { canReach } from '@kindling/contracts';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { paymentRequestQueries } from '../api/payment-requests.queries.ts';
import { RequestStatus } from './request-bits.tsx';

/** The donor page's small block: this donor's payment requests and a link to ask for another. */
export function DonorPaymentRequests({ donorId }: { donorId: number }) {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const format = useFormat();
  const list = useQuery(paymentRequestQueries.list(npoId, null, donorId));
  const canCreate = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const requests = list.data?.requests ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="donor-payment-requests">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="donor-payment-requests">
          Payment requests
        </Title>
        {canCreate && (
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/dashboard/payment-request-new?donor_id=${donorId}`}
          >
            Request a payment
          </Button>
        )}
      </Group>
      {requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment requests for this donor.
        </Text>
      ) : (
        <Stack gap={4}>
          {requests.map((r) => (
            <Group key={r.id} gap="xs">
              <Anchor component={Link} to={`/dashboard/payment-requests/${r.id}`} td="underline">
                {r.purpose}
              </Anchor>
              <Text size="sm">{format.money(r.amount_minor, r.currency)}</Text>
              <RequestStatus status={r.status} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
