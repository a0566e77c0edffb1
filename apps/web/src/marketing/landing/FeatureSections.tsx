import { Button, Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  ArrowRight,
  CalendarDays,
  ChartColumn,
  Contact,
  HandHeart,
  IdCard,
  type LucideIcon,
  Megaphone,
  Repeat,
  ShieldCheck,
  Target,
  Ticket,
  UsersRound,
} from 'lucide-react';
import { Link } from 'react-router';
import classes from './landing.module.css';

type Card = { icon: LucideIcon; title: string; body: string };

const FEATURES: Card[] = [
  {
    icon: HandHeart,
    title: 'Donation forms that convert',
    body: 'Fast on any phone, in your colours, on your site or their own page. Suggested amounts, fee cover and a monthly option built in.',
  },
  {
    icon: Repeat,
    title: 'Recurring giving',
    body: 'Monthly, quarterly or yearly gifts with automatic retries when a card fails, and a link for donors to change or pause.',
  },
  {
    icon: Contact,
    title: 'Donor CRM',
    body: 'Every donor’s history, segments, tasks and communications in one place, shared by the whole team.',
  },
  {
    icon: ChartColumn,
    title: 'Reports that add up',
    body: 'Exact amounts in every currency, refunds recorded as entries, and exports your accountant will accept.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure by default',
    body: '256-bit SSL, two-factor sign-in, roles for every team member and an audit log of changes.',
  },
  {
    icon: Megaphone,
    title: 'Live notifications',
    body: 'Know the moment a gift arrives, a new donor signs up or a campaign passes its goal.',
  },
];

const CAMPAIGN_TYPES: Card[] = [
  { icon: Target, title: 'Donation campaigns', body: 'Year-round giving pages and seasonal appeals.' },
  { icon: UsersRound, title: 'Crowdfunding', body: 'A story, a goal, a deadline and a live progress bar.' },
  { icon: Megaphone, title: 'Peer-to-peer', body: 'Supporters and teams raise money with pages of their own.' },
  { icon: CalendarDays, title: 'Events', body: 'Galas, runs and dinners with registration and sponsorship.' },
  { icon: Ticket, title: 'Tickets', body: 'Ticket types, prices and check-in for every event.' },
  { icon: IdCard, title: 'Memberships', body: 'Tiers with benefits and renewals handled for you.' },
];

function SectionHeading({ eyebrow, title, lead, id }: { eyebrow: string; title: string; lead: string; id: string }) {
  return (
    <Stack gap="sm" align="center" ta="center" maw={720} mx="auto" mb={48}>
      <Text className={classes.eyebrow}>{eyebrow}</Text>
      <Title order={2} id={id} fz={{ base: 28, sm: 38 }} lh={1.15}>
        {title}
      </Title>
      <Text size="lg" c="dimmed">
        {lead}
      </Text>
    </Stack>
  );
}

function CardGrid({ cards, cols }: { cards: Card[]; cols: { base: number; sm: number; md: number } }) {
  return (
    <SimpleGrid cols={cols} spacing="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {cards.map(({ icon: Icon, title, body }) => (
        <li key={title}>
          <Paper withBorder radius="lg" p="xl" className={classes.card}>
            <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
              <Icon size={22} />
            </ThemeIcon>
            <Title order={3} size="h4" mb={6}>
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {body}
            </Text>
          </Paper>
        </li>
      ))}
    </SimpleGrid>
  );
}

export function FeatureCards() {
  return (
    <section className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to raise more"
          lead="One platform from the first gift to a lifelong supporter, so your team spends its time on donors instead of spreadsheets."
        />
        <CardGrid cards={FEATURES} cols={{ base: 1, sm: 2, md: 3 }} />
        <Stack align="center" mt={40}>
          <Button component={Link} to="/features" variant="light" rightSection={<ArrowRight size={16} aria-hidden />}>
            Explore all features
          </Button>
        </Stack>
      </Container>
    </section>
  );
}

export function CampaignTypes() {
  return (
    <section className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="campaigns-title">
      <Container size="lg">
        <SectionHeading
          id="campaigns-title"
          eyebrow="Campaign types"
          title="Every way people like to give"
          lead="Run them side by side: donors, gifts and reports stay in one place whichever way the money comes in."
        />
        <CardGrid cards={CAMPAIGN_TYPES} cols={{ base: 1, sm: 2, md: 3 }} />
      </Container>
    </section>
  );
}
