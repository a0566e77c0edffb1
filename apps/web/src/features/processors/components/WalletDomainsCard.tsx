import type { TWalletDomainsResponse } from '@kindling/contracts';
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';

const PATH = '/processors/stripe/payment_method_domains';
const key = (npoId: number | null) => ['processors', npoId, 'wallet-domains'] as const;

/**
 * Apple Pay and Google Pay show only on a domain registered on the connected Stripe account
 * (decision 038): the donation form's own domain, and any site that embeds it.
 */
export function WalletDomainsCard() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const domains = useQuery({
    queryKey: key(npoId),
    queryFn: ({ signal }) => api<TWalletDomainsResponse>('GET', PATH, { signal }),
  });
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: (name: string) => api<TWalletDomainsResponse>('POST', PATH, { body: { domain: name } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key(npoId), answer);
      setDomain('');
      notifications.show({ color: 'green', message: 'Domain registered for Apple Pay and Google Pay.' });
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    register.mutate(domain || domains.data?.suggested || '');
  };
  const rows = domains.data?.domains ?? [];
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Apple Pay and Google Pay domains
        </Title>
        <Text size="sm" c="dimmed">
          The wallet buttons show only on a domain registered on your Stripe account: the donation form’s own and any
          site that embeds it.
        </Text>
        {rows.length > 0 && (
          <Table aria-label="Registered domains">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Domain</Table.Th>
                <Table.Th>Apple Pay</Table.Th>
                <Table.Th>Google Pay</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.domain}>
                  <Table.Td>{d.domain}</Table.Td>
                  <Table.Td>{d.apple_pay}</Table.Td>
                  <Table.Td>{d.google_pay}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              label="Domain"
              placeholder={domains.data?.suggested ?? 'give.example.org'}
              value={domain}
              error={error}
              onChange={(event) => setDomain(event.currentTarget.value)}
            />
            <Button type="submit" loading={register.isPending}>
              Register domain
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
