import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Info, TriangleAlert } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { consoleQueries } from '../api/console.queries.ts';
import { VerifyEmailNotice } from './VerifyEmailNotice.tsx';

/**
 * The shell's banners for every signed-in user: the platform's maintenance banner, and for an
 * organisation the platform suspended or closed, why it takes no gifts (decision 046); and, until
 * the user's address is verified, a way to ask for a new link (decision 078).
 */
export function PlatformNotice() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const notice = useQuery({ ...consoleQueries.notice(session.userId ?? null, npoId), enabled: session.loggedIn });
  if (!notice.data) return null;
  const { maintenance_banner: banner, organisation_status: status, organisation_reason: reason } = notice.data;
  // An older server sends no email_verified: only an explicit false shows the banner.
  const unverified = notice.data.email_verified === false;
  return (
    <>
      {banner ? (
        <Alert color="blue" icon={<Info size={18} aria-hidden />} role="status" mb="md">
          {banner}
        </Alert>
      ) : null}
      {unverified ? <VerifyEmailNotice /> : null}
      {status === 'suspended' || status === 'closed' ? (
        <Alert
          color="orange"
          icon={<TriangleAlert size={18} aria-hidden />}
          mb="md"
          title={
            status === 'suspended'
              ? 'The platform has suspended this organisation'
              : 'The platform has closed this organisation'
          }
        >
          Its public pages are not accepting gifts.{reason ? ` Reason: ${reason}` : ''}
        </Alert>
      ) : null}
    </>
  );
}
