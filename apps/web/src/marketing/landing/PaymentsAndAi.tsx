import { Badge, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Banknote, Bot, Check, CreditCard, Globe, Lightbulb, type LucideIcon, TrendingUp, Wallet } from 'lucide-react';
import classes from './landing.module.css';

/** Payment method groups in docs/product/shell.md#public-site. */
export const PAYMENT_GROUPS: Array<{ icon: LucideIcon; title: string; methods: string[] }> = [
  { icon: CreditCard, title: 'Credit cards', methods: ['Visa', 'Mastercard', 'Amex', 'Discover'] },
  { icon: Wallet, title: 'Wallets', methods: ['Apple Pay', 'Google Pay', 'PayPal'] },
  { icon: Banknote, title: 'Bank transfers', methods: ['ACH', 'SEPA', 'Wire', 'Direct Debit'] },
  { icon: Globe, title: 'Alternative', methods: ['Crypto', 'Klarna', 'Afterpay', 'Alipay'] },
];

export function PaymentPartners() {
  return (
    <section className={classes.section} aria-labelledby="payments-title">
      <Container size="lg">
        <Stack gap="sm" align="center" ta="center" maw={720} mx="auto" mb={48}>
          <Text className={classes.eyebrow}>Payment partners</Text>
          <Title order={2} id="payments-title" fz={{ base: 28, sm: 38 }} lh={1.15}>
            100+ payment methods in 135+ currencies
          </Title>
          <Text size="lg" c="dimmed">
            Let donors pay the way they prefer, through Stripe and PayPal accounts your organisation owns. Money goes
            straight to you.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {PAYMENT_GROUPS.map(({ icon: Icon, title, methods }) => (
            <Paper key={title} withBorder radius="lg" p="lg" className={classes.card}>
              <Group gap="sm" mb="md">
                <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
                  <Icon size={18} />
                </ThemeIcon>
                <Title order={3} size="h5">
                  {title}
                </Title>
              </Group>
              <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {methods.map((method) => (
                  <li key={method}>
                    <Badge variant="default" radius="sm" size="lg" tt="none" fw={600}>
                      {method}
                    </Badge>
                  </li>
                ))}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="center" gap="xl" mt={40} c="dimmed">
          <Text size="sm">256-bit SSL encryption</Text>
          <Text size="sm">SOC 2 practices</Text>
          <Text size="sm">99.99% uptime</Text>
        </Group>
      </Container>
    </section>
  );
}

const PROMPTS = ['Who are my top donors this year?', 'Which donors are likely to lapse?', 'Forecast next quarter'];

const AI_POINTS: Array<{ icon: LucideIcon; title: string; body: string }> = [
  {
    icon: Lightbulb,
    title: 'Insights, ranked',
    body: 'Donor, campaign, churn, payment and fraud insights, each with a priority, a confidence score and suggested actions.',
  },
  {
    icon: TrendingUp,
    title: 'Predictions you can act on',
    body: 'See which recurring donors may stop, which campaigns are falling behind and what next month is likely to bring.',
  },
  {
    icon: Bot,
    title: 'Ask in plain language',
    body: 'The insights assistant answers questions about your data with tables, charts or a short explanation.',
  },
];

export function AiSection() {
  return (
    <section className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="ai-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
          <Stack gap="md">
            <Text className={classes.eyebrow}>AI insights</Text>
            <Title order={2} id="ai-title" fz={{ base: 28, sm: 38 }} lh={1.15}>
              Know what to do next, not just what happened
            </Title>
            <Text size="lg" c="dimmed">
              Kindling reads your donations, donors and campaigns and tells you where to spend your time this week.
            </Text>
            <List spacing="lg" mt="sm" icon={<span />}>
              {AI_POINTS.map(({ icon: Icon, title, body }) => (
                <List.Item
                  key={title}
                  icon={
                    <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
                      <Icon size={18} />
                    </ThemeIcon>
                  }
                >
                  <Text fw={700}>{title}</Text>
                  <Text size="sm" c="dimmed">
                    {body}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
          <Paper withBorder radius="xl" p="xl">
            <Stack gap="md">
              <Group gap="xs">
                <ThemeIcon radius="xl" size={32} aria-hidden>
                  <Bot size={18} />
                </ThemeIcon>
                <Title order={3} size="h5">
                  Questions you can ask
                </Title>
              </Group>
              <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {PROMPTS.map((prompt) => (
                  <li key={prompt} className={classes.promptChip}>
                    {prompt}
                  </li>
                ))}
              </Group>
              <List spacing={6} size="sm" icon={<Check size={16} color="var(--mantine-color-teal-7)" aria-hidden />}>
                <List.Item>Donor analysis: top donors, lapsed donors, giving frequency</List.Item>
                <List.Item>Campaign performance: comparisons and what to improve</List.Item>
                <List.Item>Payment insights: methods, failed payments, fraud checks</List.Item>
              </List>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Container>
    </section>
  );
}
