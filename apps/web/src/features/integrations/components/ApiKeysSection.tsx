import { API_SCOPE_LABELS, API_SCOPES, type TApiKey, type TApiKeyCreated, type TApiScope } from '@kindling/contracts';
import { Badge, Button, Code, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { apiKeyKeys, apiKeyQueries, createApiKey, revokeApiKey } from '../api/api-keys.queries.ts';
import { ChoiceGroup, CreateForm } from './CreateForm.tsx';
import { SecretShownOnce } from './SecretShownOnce.tsx';

function NewKeyForm({ onCreated }: { onCreated: (created: TApiKeyCreated) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiScope[]>(['donations:read']);
  return (
    <CreateForm
      create={() => createApiKey({ name, scopes })}
      listKey={apiKeyKeys.all}
      failure="The key could not be created."
      submitLabel="Create key"
      submitIcon={<KeyRound size={14} aria-hidden />}
      onCreated={onCreated}
      onReset={() => setName('')}
    >
      {(fields) => (
        <>
          <TextInput
            label="Key name"
            description="Where the key is used, such as “Zapier” or “Accounting sync”."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fields.name}
            maxLength={80}
          />
          <ChoiceGroup
            label="Permissions"
            choices={API_SCOPES}
            labels={API_SCOPE_LABELS}
            value={scopes}
            onChange={setScopes}
            error={fields.scopes}
          />
        </>
      )}
    </CreateForm>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: () => void }) {
  const format = useFormat();
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {apiKey.name}
        </Text>
        <Code>{apiKey.prefix}…</Code>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {apiKey.scopes.map((s) => (
            <Badge key={s} variant="light" radius="sm">
              {API_SCOPE_LABELS[s]}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{apiKey.last_used_at ? format.dateTime(apiKey.last_used_at) : 'Never used'}</Text>
      </Table.Td>
      <Table.Td>
        {apiKey.revoked_at ? (
          <Badge color="gray" variant="light">
            Revoked
          </Badge>
        ) : (
          <Button size="xs" variant="subtle" color="red" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** API keys: create one with its permissions (shown once), see when each was last used, revoke it. */
export function ApiKeysSection({ npoId }: { npoId: number | null }) {
  const client = useQueryClient();
  const list = useQuery(apiKeyQueries.list(npoId));
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const revoke = useMutation({
    mutationFn: (k: TApiKey) => revokeApiKey(k.id),
    onSuccess: async (_, k) => {
      await client.invalidateQueries({ queryKey: apiKeyKeys.all });
      toast('green', `Revoked the key “${k.name}”. Programs using it are refused from now on.`);
    },
    onError: () => toast('red', 'The key could not be revoked.'),
  });
  const keys = list.data?.keys ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="api-keys-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="api-keys-title">
            API keys
          </Title>
          <Text size="sm" c="dimmed">
            Let your own programs and tools such as Zapier read and update your data through the API.
          </Text>
        </div>
        {created ? (
          <SecretShownOnce
            title={`Your new key “${created.key.name}”`}
            hint="Copy it now: for your safety it will not be shown again."
            secret={created.secret}
            secretLabel="New API key"
            copyLabel="Copy key"
            onDone={() => setCreated(null)}
          />
        ) : null}
        <NewKeyForm onCreated={setCreated} />
        {list.isError ? (
          <Text size="sm" c="red">
            The keys could not be loaded.
          </Text>
        ) : keys.length === 0 ? (
          <Text size="sm" c="dimmed">
            {list.isPending ? 'Loading keys…' : 'No API keys yet.'}
          </Text>
        ) : (
          <ScrollTable label="API keys" minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((k) => (
                  <KeyRow key={k.id} apiKey={k} onRevoke={() => revoke.mutate(k)} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Paper>
  );
}
