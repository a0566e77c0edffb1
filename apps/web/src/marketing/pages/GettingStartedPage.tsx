import { Alert, Button, Code, Container, Stack, Table, Text, Title } from '@mantine/core';
import { Info, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { NextLinks, PageHero } from './InfoPage.tsx';
import classes from './pages.module.css';

/** The demo accounts the seed creates on every fresh installation (README lists the same). */
export const DEMO_ACCOUNTS = [
  { email: 'admin@kindling.test', role: 'Administrator (5150)', lands: 'Dashboard of Riverside Food Bank' },
  {
    email: 'mfa@kindling.test',
    role: 'Administrator with two-factor sign-in',
    lands: 'Asks for an authenticator code (secret JBSWY3DPEHPK3PXP); the first sign-in shows backup codes',
  },
  { email: 'manager@kindling.test', role: 'Manager (6635)', lands: 'Dashboard, with organisation and team settings' },
  {
    email: 'finance@kindling.test',
    role: 'Finance (2001)',
    lands: 'Dashboard and settings, without organisation and team',
  },
  { email: 'staff@kindling.test', role: 'Staff (1984)', lands: 'Dashboard only' },
  { email: 'fundraiser@kindling.test', role: 'Peer fundraiser (1123)', lands: 'Their own fundraising dashboard' },
  { email: 'multi@kindling.test', role: 'Administrator of two organisations', lands: 'Chooses an organisation first' },
  { email: 'console@kindling.test', role: 'Platform operator (7789)', lands: 'The operator console' },
] as const;

const CONTENT = {
  eyebrow: 'Live demo',
  title: 'Try Kindling with a demo account',
  lead: 'Every Kindling installation comes with two demo organisations and one account for each role, so you can see exactly what administrators, finance staff and fundraisers see.',
  sections: [],
  primary: { label: 'Go to sign in', to: '/login' },
  links: [
    { label: 'Create your own account', to: '/signup' },
    { label: 'See all features', to: '/features' },
    { label: 'Read the getting-started guide', to: '/blog/getting-started-guide' },
  ],
};

/** /getting-started: the live demo, explaining the demo sign-ins and linking to /login. */
export function GettingStartedPage() {
  return (
    <>
      <PageHero content={CONTENT} />
      <Container size="md" className={classes.prose}>
        <Stack gap={40}>
          <section aria-labelledby="demo-accounts">
            <Title order={2} size="h3" id="demo-accounts" mb="sm">
              Demo sign-ins
            </Title>
            <Text mb="md">
              Every demo account uses the password <Code>kindling-demo</Code>. Sign in with one, look around, then sign
              out and try another role.
            </Text>
            {/* A focusable region, so keyboard users can scroll the table sideways on a phone. */}
            <Table.ScrollContainer
              minWidth={560}
              type="native"
              tabIndex={0}
              role="region"
              aria-label="Demo accounts table"
            >
              <Table striped highlightOnHover withTableBorder verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Email</Table.Th>
                    <Table.Th scope="col">Role</Table.Th>
                    <Table.Th scope="col">What you will see</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {DEMO_ACCOUNTS.map((account) => (
                    <Table.Tr key={account.email}>
                      <Table.Td>
                        <Code>{account.email}</Code>
                      </Table.Td>
                      <Table.Td>{account.role}</Table.Td>
                      <Table.Td>{account.lands}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </section>
          <Alert variant="light" icon={<Info size={18} aria-hidden />} title="Payments in the demo">
            Donations use the built-in sandbox processor: card 4242 4242 4242 4242 succeeds and 4000 0000 0000 0002 is
            declined. No real money moves.
          </Alert>
          <div>
            <Button component={Link} to="/login" size="md" leftSection={<LogIn size={18} aria-hidden />}>
              Sign in to the demo
            </Button>
          </div>
          <NextLinks links={CONTENT.links} />
        </Stack>
      </Container>
    </>
  );
}
