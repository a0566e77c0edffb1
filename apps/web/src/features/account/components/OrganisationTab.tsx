import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Building2 } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The organisation's time zone and locale are edited with the rest of its profile on
 * /admin/organization (docs/product/organisation-profile.md); this tab leads there.
 */
export function OrganisationTab() {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          Organisation settings
        </Title>
        <Text>
          The organisation’s time zone and locale, with its legal name, logo, address, charity numbers, currency and
          receipt details, are on the organisation profile.
        </Text>
        <Button component={Link} to="/admin/organization" leftSection={<Building2 size={16} aria-hidden />}>
          Open the organisation profile
        </Button>
      </Stack>
    </Card>
  );
}
