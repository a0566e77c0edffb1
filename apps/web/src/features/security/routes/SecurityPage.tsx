import { ORGANISATION_SETTINGS_CODES } from '@kindling/contracts';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { securityQueries } from '../api/security.queries.ts';
import { AuditLog } from '../components/AuditLog.tsx';
import { PolicyCard } from '../components/PolicyCard.tsx';
import { SessionsList } from '../components/SessionsList.tsx';
import { SignInHistory } from '../components/SignInHistory.tsx';

const ENTRY = pageEntry('/admin/security') ?? {
  title: 'Security',
  section: 'Settings',
  description: 'Two-factor requirements for your team, active sessions and the audit log.',
  emptyTitle: '',
};

/** /admin/security (docs/product/security.md): policy, sessions, sign-in history and the audit log. */
export function SecurityPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const allowed = session.role !== null && (ORGANISATION_SETTINGS_CODES as readonly number[]).includes(session.role);
  const settings = useQuery({ ...securityQueries.settings(npoId), enabled: allowed });
  const sessions = useQuery({ ...securityQueries.sessions(npoId), enabled: allowed });
  if (!allowed) {
    return (
      <PageFrame entry={ENTRY}>
        <Alert color="gray" icon={<TriangleAlert size={18} aria-hidden />} title="For organisation admins">
          The security settings are for the organisation’s admins and managers.
        </Alert>
      </PageFrame>
    );
  }
  const failed = settings.error ?? sessions.error;
  return (
    <PageFrame entry={ENTRY}>
      {failed ? (
        <Alert
          color="red"
          role="alert"
          icon={<TriangleAlert size={18} aria-hidden />}
          title="Security could not be loaded"
        >
          {failed.message}
        </Alert>
      ) : null}
      {settings.isPending || sessions.isPending ? (
        <Stack aria-busy="true" aria-label="Loading security">
          <Skeleton height={160} />
          <Skeleton height={120} />
        </Stack>
      ) : null}
      {settings.data ? <PolicyCard key={npoId} settings={settings.data} npoId={npoId} /> : null}
      {sessions.data ? <SessionsList sessions={sessions.data.sessions} npoId={npoId} /> : null}
      {allowed && settings.data ? (
        <>
          <SignInHistory npoId={npoId} />
          <AuditLog npoId={npoId} />
        </>
      ) : null}
    </PageFrame>
  );
}
