import { CONSTANTS, canReach } from '@kindling/contracts';
import { Button, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { DonorRecord } from '../../portal/index.ts';
import { profileQueries } from '../api/profile.queries.ts';
import { EmailCard } from '../components/EmailCard.tsx';
import { NameCard } from '../components/NameCard.tsx';
import { PasswordCard } from '../components/PasswordCard.tsx';
import { TwoFactorSection } from '../components/TwoFactorSection.tsx';

const ENTRY = pageEntry('/profile') ?? {
  section: 'Settings',
  title: 'Profile',
  description: '',
  emptyTitle: '',
};

/** The section a link points at (#two-factor after sign-in), once the page has drawn it. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);
}

/**
 * /profile, for every signed-in person whatever their role (docs/product/profile.md): name and
 * photo, e-mail address, password and two-step verification; a donor also sees their donor record.
 */
export function ProfilePage() {
  const session = useSession();
  const profile = useQuery(profileQueries.profile());
  useScrollToHash(profile.isSuccess);
  const donor = canReach('peer', effectiveRoleCode(session.role, session.roleName));

  let body: React.ReactNode;
  if (profile.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label="Loading your profile" color={CONSTANTS.spinnerColor} />
      </Center>
    );
  } else if (profile.isError) {
    body = (
      <Stack gap="xs" align="flex-start">
        <FormAlert message="Your profile could not be loaded." />
        <Button variant="default" size="xs" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="lg" maw={880}>
        <NameCard profile={profile.data} />
        <EmailCard profile={profile.data} />
        {donor && <DonorRecord />}
        <PasswordCard email={profile.data.email} />
        <TwoFactorSection />
      </Stack>
    );
  }
  return <PageFrame entry={ENTRY}>{body}</PageFrame>;
}
