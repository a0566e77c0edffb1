import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ArrowRight, Lock, PlayCircle, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import classes from './landing.module.css';

/** The claims in docs/product/shell.md#public-site, shown as marketing copy. */
export const HERO_CLAIMS = [
  { value: '100+', label: 'payment methods' },
  { value: '135+', label: 'currencies' },
  { value: '99.99%', label: 'uptime' },
  { value: '10,000+', label: 'users' },
] as const;

/**
 * A picture of a donation form, drawn with plain elements so it costs no image download. It is a
 * decoration: hidden from assistive technology and not interactive.
 */
function FormPreview() {
  return (
    <Paper withBorder radius="xl" p="lg" className={classes.formPreview} aria-hidden>
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={700}>Winter Meals Appeal</Text>
          <Badge variant="light" leftSection={<Lock size={12} />}>
            Secure
          </Badge>
        </Group>
        <Box>
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={600}>
              $18,240 raised
            </Text>
            <Text size="sm" c="dimmed">
              of $25,000
            </Text>
          </Group>
          <Box h={8} bg="var(--mantine-color-default-border)" style={{ borderRadius: 8, overflow: 'hidden' }}>
            <Box h={8} w="73%" bg="var(--mantine-primary-color-filled)" />
          </Box>
        </Box>
        <SimpleGrid cols={3} spacing="xs">
          <div className={classes.amount}>$25</div>
          <div className={`${classes.amount} ${classes.amountSelected}`}>$50</div>
          <div className={classes.amount}>$100</div>
        </SimpleGrid>
        <Group gap={8}>
          <Repeat size={16} />
          <Text size="sm">Make it monthly</Text>
        </Group>
        <div className={classes.fakeButton}>Donate $50 monthly</div>
        <Text size="xs" c="dimmed" ta="center">
          Card · Apple Pay · Google Pay · PayPal · Bank transfer
        </Text>
      </Stack>
    </Paper>
  );
}

export function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              Open-source fundraising platform
            </Badge>
            <Title order={1} id="hero-title" className={classes.heroTitle}>
              Fundraising that keeps your <span className={classes.highlight}>mission burning bright</span>
            </Title>
            <Text size="xl" c="dimmed" maw={560}>
              Donation forms, recurring giving, peer-to-peer fundraising, events and a donor CRM in one place. Accept
              100+ payment methods in 135+ currencies and keep every penny accounted for.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/signup" size="lg" rightSection={<ArrowRight size={18} aria-hidden />}>
                Start for free
              </Button>
              <Button
                component={Link}
                to="/getting-started"
                size="lg"
                variant="default"
                leftSection={<PlayCircle size={18} aria-hidden />}
              >
                Live demo
              </Button>
            </Group>
            <SimpleGrid
              cols={{ base: 2, xs: 4 }}
              spacing="lg"
              mt="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Kindling in numbers"
            >
              {HERO_CLAIMS.map((claim) => (
                <li key={claim.label}>
                  <Text fw={800} fz="xl" lh={1}>
                    {claim.value}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {claim.label}
                  </Text>
                </li>
              ))}
            </SimpleGrid>
          </Stack>
          <FormPreview />
        </SimpleGrid>
      </Container>
    </section>
  );
}
