import { Stack, Tabs, Text, Title } from '@mantine/core';
import { ShieldCheck, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { ProfileTab } from '../components/ProfileTab.tsx';
import { SecurityTab } from '../components/SecurityTab.tsx';

type Tab = 'profile' | 'mfa';

/** /admin/account: the signed-in person's profile, password and two-step verification. */
export function AccountPage() {
  usePageTitle('Account');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mfa' ? 'mfa' : 'profile';

  const select = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === 'mfa') next.set('tab', 'mfa');
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
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="mfa" pt="lg">
          <SecurityTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
