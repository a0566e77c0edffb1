import { useQuery } from '@tanstack/react-query';
import { KindlingSquareLogo, KindlingTextLogo } from '../../../marketing/Logo.tsx';
import { useSession } from '../../../session/index.ts';
import { consoleQueries } from '../api/console.queries.ts';

/**
 * The top bar's mark: the platform's own logo once the operator uploaded one on /console/settings
 * (decision 083), else Kindling's. Rides on the notice the shell already fetches: no new request.
 */
export function PlatformMark({ full }: { full: boolean }) {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const notice = useQuery({ ...consoleQueries.notice(session.userId ?? null, npoId), enabled: session.loggedIn });
  const logo = notice.data?.platform_logo_url;
  if (logo) {
    return <img src={logo} alt={notice.data?.platform_name ?? ''} style={{ height: full ? 28 : 30, width: 'auto' }} />;
  }
  return full ? <KindlingTextLogo height={28} /> : <KindlingSquareLogo height={30} />;
}

/** "<platform> home" for the mark's link. */
export function usePlatformName(): string {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const notice = useQuery({ ...consoleQueries.notice(session.userId ?? null, npoId), enabled: session.loggedIn });
  return notice.data?.platform_name ?? 'Kindling';
}
