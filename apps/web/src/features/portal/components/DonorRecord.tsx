import { Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOverview } from '../api/portal.queries.ts';
import { ACCOUNT_SOURCE } from '../api/portal-api.ts';
import { errorText, Fact } from './PortalBits.tsx';

/**
 * What the selected organisation holds about the signed-in donor (the donor record with their
 * e-mail there, docs/product/portal.md): name, e-mail, address. Shown on a donor's /profile.
 */
export function DonorRecord() {
  const overview = useOverview(ACCOUNT_SOURCE);
  let body: ReactNode;
  if (overview.isPending) body = <Loader role="status" size="sm" aria-label="Loading your donor record" />;
  else if (overview.error || !overview.data)
    body = <Text role="alert">{errorText(overview.error, 'Your donor record could not be loaded.')}</Text>;
  else if (!overview.data.donor)
    body = (
      <Text c="dimmed">
        There are no donations under your e-mail address with {overview.data.organisation.name} yet.
      </Text>
    );
  else {
    const d = overview.data.donor;
    const address = [d.address, d.address2, d.city, d.state, d.postal_code, d.country].filter(Boolean).join(', ');
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Fact label="Name" value={`${d.first_name} ${d.last_name}`.trim() || '—'} />
        <Fact label="E-mail" value={d.email} />
        <Fact label="Address" value={address || '—'} />
        <Fact label="Organisation" value={overview.data.organisation.name} />
      </SimpleGrid>
    );
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="donor-record-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="donor-record-title">
          Your donor record
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
