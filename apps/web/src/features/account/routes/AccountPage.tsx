import { ORGANISATION_SETTINGS_CODES, type TRoleCode } from '@kindling/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { ShieldCheck, UserRound } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { useSession } from '../../../session/session-context.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { OrganisationTab } from '../components/OrganisationTab.tsx';

/**
 * /admin/account: for the organisation's admins, the way to its profile (/admin/organization: time zone,
 * locale and the rest). A person's own profile, password and two-step verification live on /profile
 * (docs/product/profile.md), where the old Profile and Security tabs (?tab=profile, ?tab=mfa) lead.
 */
export function AccountPage() {
  usePageTitle('Account');
  const session = useSession();
  const [params] = useSearchParams();
  const code = effectiveRoleCode(session.role, session.roleName);
  const organisationAdmin = code !== null && ORGANISATION_SETTINGS_CODES.includes(code as TRoleCode);
  const asked = params.get('tab');
  if (asked === 'mfa') return <Navigate to="/profile#two-factor" replace />;
  if (asked === 'profile' || !organisationAdmin) return <Navigate to="/profile" replace />;

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={28}>
          Account
        </Title>
        <Text c="dimmed">Your profile, and your organisation's settings.</Text>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to="/profile" variant="default" leftSection={<UserRound size={16} />}>
          Your profile and password
        </Button>
        <Button component={Link} to="/profile#two-factor" variant="default" leftSection={<ShieldCheck size={16} />}>
          Two-step verification
        </Button>
      </Group>
      <OrganisationTab />
    </Stack>
  );
}
