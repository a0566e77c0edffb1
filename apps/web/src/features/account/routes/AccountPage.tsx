import { ORGANISATION_SETTINGS_CODES, type TRoleCode } from '@kindling/contracts';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { Building2, ShieldCheck, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { useSession } from '../../../session/session-context.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { OrganisationTab } from '../components/OrganisationTab.tsx';
import { ProfileTab } from '../components/ProfileTab.tsx';
import { SecurityTab } from '../components/SecurityTab.tsx';

type Tab = 'profile' | 'mfa' | 'organisation';

/**
 * /admin/account: the signed-in person's profile, password and two-step verification, and for the
 * organisation's admins a way to its profile (time zone, locale and the rest).
 */
export function AccountPage() {
  usePageTitle('Account');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const code = effectiveRoleCode(session.role, session.roleName);
  const organisationAdmin = code !== null && ORGANISATION_SETTINGS_CODES.includes(code as TRoleCode);
  const asked = params.get('tab');
  const tab: Tab = asked === 'mfa' ? 'mfa' : asked === 'organisation' && organisationAdmin ? 'organisation' : 'profile';

  const select = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === 'mfa' || value === 'organisation') next.set('tab', value);
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={28}>
          Account
        </Title>
        <Text c="dimmed">Your profile, your password and how you sign in.</Text>
      </Stack>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="profile" leftSection={<UserRound size={16} />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="mfa" leftSection={<ShieldCheck size={16} />}>
            Security
          </Tabs.Tab>
          {organisationAdmin && (
            <Tabs.Tab value="organisation" leftSection={<Building2 size={16} />}>
              Organisation
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="mfa" pt="lg">
          <SecurityTab />
        </Tabs.Panel>
        {organisationAdmin && (
          <Tabs.Panel value="organisation" pt="lg">
            <OrganisationTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
