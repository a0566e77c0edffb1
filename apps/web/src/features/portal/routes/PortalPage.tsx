// /portal/<token> and /portal: the donor's self-service from an e-mail link, with no sign-in and
// no app shell (decision 012). The token is exchanged once for the portal cookie and then removed
// from the address bar; ?plan=<id> opens that plan's card change, ?plan=<id>&edit=1 its editor.
import type { TPortalOverview } from '@kindling/contracts';
import { Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../../app/api-client.ts';
import { portalKeys, useOverview } from '../api/portal.queries.ts';
import { LINK_SOURCE, openPortalLink } from '../api/portal-api.ts';
import { errorText, usePortalFormat } from '../components/PortalBits.tsx';
import { PlanEditorById, PortalSections } from '../components/PortalSections.tsx';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py="lg">
      <title>Your donations · Kindling</title>
      <main>{children}</main>
    </Container>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Frame>
      <Paper withBorder p="lg" role="alert">
        <Stack gap="xs">
          <Title order={1} fz="xl">
            This link cannot be opened
          </Title>
          <Text>{message}</Text>
        </Stack>
      </Paper>
    </Frame>
  );
}

/** Exchanges the link's token once (StrictMode runs effects twice), then drops it from the URL. */
function useLinkExchange(token: string | undefined) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    openPortalLink(token).then(
      (overview) => {
        client.setQueryData(portalKeys.overview(LINK_SOURCE), overview);
        const query = search.toString();
        navigate(`/portal${query ? `?${query}` : ''}`, { replace: true });
      },
      (error) => setFailure(errorText(error, 'This link could not be opened. Please try again.')),
    );
  }, [token, client, navigate, search]);
  return failure;
}

function Portal({ overview }: { overview: TPortalOverview }) {
  const format = usePortalFormat(LINK_SOURCE);
  const [search] = useSearchParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const planId = Number(search.get('plan'));
  const donorName = overview.donor ? overview.donor.first_name || overview.donor.email : '';
  const end = async () => {
    await api('DELETE', '/portal/session').catch(() => null);
    client.removeQueries({ queryKey: portalKeys.all(LINK_SOURCE) });
    navigate('/portal', { replace: true });
  };
  return (
    <Frame>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text c="dimmed" size="sm">
              {overview.organisation.name}
            </Text>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {donorName ? `Hello ${donorName}` : 'Your donations'}
            </Title>
            {overview.expires_at ? (
              <Text size="xs" c="dimmed">
                For your security this page stays open until {format.date(overview.expires_at)}{' '}
                {new Date(overview.expires_at).toISOString().slice(11, 16)} UTC.
              </Text>
            ) : null}
          </Stack>
          <Button variant="default" size="xs" onClick={end}>
            Close my donor page
          </Button>
        </Group>
        {Number.isSafeInteger(planId) && planId > 0 ? (
          <PlanEditorById
            source={LINK_SOURCE}
            planId={planId}
            overview={overview}
            openCard={search.get('edit') !== '1'}
            backTo="/portal"
          />
        ) : (
          <PortalSections source={LINK_SOURCE} overview={overview} />
        )}
      </Stack>
    </Frame>
  );
}

export function PortalPage() {
  const { token } = useParams();
  const failure = useLinkExchange(token);
  const overview = useOverview(LINK_SOURCE, !token);
  if (failure) return <Problem message={failure} />;
  if (token || overview.isPending) {
    return (
      <Center mih="60vh" role="status" aria-label="Opening your donations">
        <Loader />
      </Center>
    );
  }
  if (overview.error || !overview.data) {
    return <Problem message={errorText(overview.error, 'Open the link in your e-mail again.')} />;
  }
  return <Portal overview={overview.data} />;
}
