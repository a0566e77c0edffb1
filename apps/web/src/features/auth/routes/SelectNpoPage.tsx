import { CONSTANTS, MESSAGES, routeAfterSelectNpo, type TOrganisationOption } from '@kindling/contracts';
import { Avatar, Badge, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { Building2, ChevronRight, Search, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, NoResponseError } from '../../../app/api-client.ts';
import { allowedOrigin, readOrigin } from '../../../app/routes/origin.ts';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { useSession } from '../../../session/session-context.ts';
import { isSignedIn } from '../../../session/session-state.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { FullPageSpinner } from '../../../system/FullPageSpinner.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import classes from './SelectNpoPage.module.css';

/** More organisations than this get a search box. */
const SEARCH_FROM = 5;

/** /select-npo: a user with several organisations picks one (docs/product/sign-in.md#after-sign-in). */
export function SelectNpoPage() {
  usePageTitle('Choose an organisation');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState('');
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? session.npos.filter((n) => n.name.toLowerCase().includes(needle)) : session.npos;
  }, [session.npos, query]);

  if (session.phase === 'checking') return <FullPageSpinner label="Checking your session" />;
  if (!isSignedIn(session)) return <Navigate to="/login" replace state={{ from: location }} />;

  const choose = async (npo: TOrganisationOption) => {
    setPendingId(npo.id);
    setError(null);
    try {
      const result = await session.selectNpo(npo);
      const origin = allowedOrigin(readOrigin(location.state), result.code);
      navigate(origin ?? routeAfterSelectNpo(result.code), { replace: true });
    } catch (err) {
      setError(selectErrorMessage(err));
      setPendingId(null);
    }
  };

  return (
    <AuthLayout
      title="Choose an organisation"
      subtitle={`Signed in as ${session.email}. Which organisation do you want to work in?`}
      width={480}
    >
      <FormAlert message={error} />
      {session.npos.length > SEARCH_FROM && (
        <TextInput
          aria-label="Search organisations"
          placeholder="Search organisations"
          leftSection={<Search size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          disabled={pendingId !== null}
        />
      )}
      {visible.length === 0 ? (
        <EmptyList searching={session.npos.length > 0} />
      ) : (
        <ScrollArea.Autosize mah={CONSTANTS.orgListMaxHeightPx * 1.5} type="auto" offsetScrollbars>
          <Stack gap="xs" component="ul" className={classes.list} aria-label="Your organisations">
            {visible.map((npo) => (
              <li key={npo.id}>
                <OrganisationButton
                  npo={npo}
                  pending={pendingId === npo.id}
                  disabled={pendingId !== null}
                  onChoose={choose}
                />
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </AuthLayout>
  );
}

type ButtonProps = {
  npo: TOrganisationOption;
  pending: boolean;
  disabled: boolean;
  onChoose: (npo: TOrganisationOption) => void;
};

function OrganisationButton({ npo, pending, disabled, onChoose }: ButtonProps) {
  const isAdmin = npo.role_name.toLowerCase().includes('admin');
  return (
    <UnstyledButton className={classes.option} onClick={() => onChoose(npo)} disabled={disabled} aria-busy={pending}>
      <Group wrap="nowrap" gap="md">
        <Avatar src={npo.logo} radius="md" color="orange" alt="">
          <Building2 size={20} />
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {npo.name}
          </Text>
          <Group gap={6}>
            {isAdmin && <ShieldCheck size={14} aria-hidden />}
            <Text size="xs" c="dimmed">
              {roleLabel(npo.role_name)}
            </Text>
          </Group>
        </Stack>
        {pending ? (
          <Badge variant="light">Opening…</Badge>
        ) : (
          <ChevronRight size={18} aria-hidden className={classes.chevron} />
        )}
      </Group>
    </UnstyledButton>
  );
}

function EmptyList({ searching }: { searching: boolean }) {
  return (
    <Stack align="center" gap={4} py="lg" ta="center">
      <Text fw={600}>{searching ? MESSAGES.noOrganisationsFound : MESSAGES.noOrganisationsAvailable}</Text>
      {searching && (
        <Text size="sm" c="dimmed">
          {MESSAGES.tryAdjustingSearch}
        </Text>
      )}
    </Stack>
  );
}

const roleLabel = (roleName: string) => roleName.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

function selectErrorMessage(err: unknown): string {
  if (err instanceof NoResponseError) return MESSAGES.noServerResponse;
  if (err instanceof ApiError && err.body?.message) return err.body.message;
  return 'This organisation could not be opened. Please try again.';
}
