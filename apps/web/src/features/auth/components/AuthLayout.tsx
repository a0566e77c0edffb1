import { Box, Flex, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { KindlingMark } from '../../../system/KindlingMark.tsx';
import classes from './AuthLayout.module.css';

type Props = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wider card for the sign-up steps and the organisation list. */
  width?: number;
};

const POINTS = [
  'Donation forms, recurring giving and peer-to-peer fundraising',
  'Donor CRM, reports and insights in one place',
  'Card, wallet and bank payments in 135+ currencies',
];

/** The frame of the sign-in, sign-up and password screens: a brand panel and a form card. */
export function AuthLayout({ title, subtitle, children, width = 440 }: Props) {
  return (
    <Flex className={classes.page} component="main">
      <Box className={classes.brand} visibleFrom="md" aria-hidden>
        <Stack gap="xl" maw={420}>
          <Title order={2} c="white" fz={34} lh={1.2}>
            Fundraising that keeps the fire going.
          </Title>
          <List
            spacing="sm"
            c="white"
            icon={
              <ThemeIcon color="white" variant="white" size={22} radius="xl">
                <Check size={14} color="var(--mantine-color-orange-8)" />
              </ThemeIcon>
            }
          >
            {POINTS.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Stack>
      </Box>
      <Stack className={classes.formSide} align="center" justify="center" gap="lg">
        <KindlingMark />
        <Paper className={classes.card} w="100%" maw={width} withBorder shadow="sm" radius="lg">
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Flex>
  );
}
