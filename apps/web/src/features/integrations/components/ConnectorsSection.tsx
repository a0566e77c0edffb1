import { Anchor, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Copy } from 'lucide-react';
import { Link } from 'react-router';

/** What connects through the API and its keys, each with an example to copy (docs/product/integrations.md). */
function connectors(origin: string) {
  return [
    {
      name: 'Zapier, Make and other automation tools',
      text: 'Create a key with the permissions the tool needs, then call the API from a “Webhooks” or “HTTP request” step.',
      example: `curl -H "Authorization: Bearer $KINDLING_KEY" \\\n  "${origin}/api/v1/npo_admin/donations?per_page=25"`,
    },
    {
      name: 'Triggers by webhook',
      text: 'Paste a Zapier “Catch Hook” or Make webhook address, or your own server’s, as a webhook endpoint above and choose its events. Each event arrives as signed JSON like this.',
      example: `POST https://hooks.example.org/kindling\nKindling-Signature: t=1767225600,v1=5f2b…\n\n{"id":"evt_3f9c…","type":"donation.succeeded",\n "created":1767225600,\n "data":{"donation_id":123,"amount_minor":2500,"currency":"USD","donor_id":45}}`,
    },
    {
      name: 'Your CRM or data warehouse',
      text: 'Read donors and update their details from your own scripts with a key that has the donor permissions.',
      example: `curl -X PATCH -H "Authorization: Bearer $KINDLING_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.org"}' \\\n  "${origin}/api/v1/npo_admin/donors/123"`,
    },
    {
      name: 'Accounting export',
      text: 'Download donations as CSV for your accounting software, by hand or with a key that reads donations.',
      example: `curl -H "Authorization: Bearer $KINDLING_KEY" \\\n  "${origin}/api/v1/npo_admin/campaigns"`,
      link: { label: 'Export donations as CSV', to: '/dashboard/donations' },
    },
  ];
}

export function ConnectorsSection() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="connectors-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="connectors-title">
            Connectors
          </Title>
          <Text size="sm" c="dimmed">
            What connects through an API key or a webhook today. The{' '}
            <Anchor component={Link} to="/api-reference" underline="always">
              API reference
            </Anchor>{' '}
            lists every call and the permission it needs.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {connectors(origin).map((c) => (
            <Stack key={c.name} gap="xs">
              <Text fw={600} size="sm">
                {c.name}
              </Text>
              <Text size="sm">{c.text}</Text>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.example}
              </Code>
              <Group gap="xs">
                <CopyButton value={c.example}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<Copy size={14} aria-hidden />}
                      onClick={copy}
                      aria-label={`Copy the example for ${c.name}`}
                    >
                      {copied ? 'Copied' : 'Copy example'}
                    </Button>
                  )}
                </CopyButton>
                {c.link ? (
                  <Anchor component={Link} to={c.link.to} size="sm">
                    {c.link.label}
                  </Anchor>
                ) : null}
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
