// /member-card/{token}: the member card from the link in the card's e-mail (docs/decisions/064-member-cards.md).
// Public, no shell: the members, tier, member number, validity and the QR code the events' check-in
// reads, with the same card as a PDF. The server decides validity, so the page shows it as it is today.
import { Anchor, Badge, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { memberCardQuery } from '../api/membership.queries.ts';

const STATE_LABELS = { valid: 'Valid', in_grace: 'In grace', expired: 'Expired', cancelled: 'Cancelled' } as const;

export function MemberCardPage() {
  const { token = '' } = useParams();
  const card = useQuery(memberCardQuery(token));
  return (
    <Container size={440} py="xl" px="md">
      {card.isPending ? (
        <Text c="dimmed">Loading your member card…</Text>
      ) : card.isError ? (
        <Paper withBorder p="lg" radius="md" role="alert">
          <Title order={1} size="h3">
            Member card
          </Title>
          <Text mt="sm">{card.error.message}</Text>
        </Paper>
      ) : (
        <Paper withBorder p="lg" radius="lg" shadow="sm">
          <Stack gap="xs">
            <Text size="sm" c="dark.6">
              {card.data.organisation}
            </Text>
            <Title order={1} size="h2">
              {card.data.tier}
            </Title>
            {card.data.members.map((name) => (
              <Text key={name} fw={600}>
                {name}
              </Text>
            ))}
            <Group gap="xs">
              <Text size="sm">Member number</Text>
              <Text size="sm" fw={700} ff="monospace">
                {card.data.member_number}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap" align="start">
              <Badge
                variant="light"
                c="dark"
                color={card.data.state === 'valid' || card.data.state === 'in_grace' ? 'green' : 'red'}
                // Beside a long validity line on a phone the badge keeps its whole word ("Valid", not "V…").
                style={{ flexShrink: 0 }}
              >
                {STATE_LABELS[card.data.state]}
              </Badge>
              <Text size="sm">{card.data.validity}</Text>
            </Group>
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.data.qr_svg)}`}
              alt={`QR code of member number ${card.data.member_number}`}
              w={220}
              h={220}
              mx="auto"
              my="sm"
            />
            <Text size="xs" c="dark.6" ta="center">
              Show this code at our events.
            </Text>
            <Anchor href={card.data.pdf_url} ta="center">
              Download the card as a PDF
            </Anchor>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
