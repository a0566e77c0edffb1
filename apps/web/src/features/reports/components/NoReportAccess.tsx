import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../../session';
import { canReachPath } from '../../../shell/route-access.ts';

/**
 * What a member without the “View reports” permission sees instead of the reports
 * (docs/product/reports.md#who-sees-reports): why, and who can change it.
 */
export function NoReportAccess({ message }: { message: string }) {
  const session = useSession();
  const organisation = session.selectedNpo?.name ?? 'this organisation';
  const home = canReachPath('/dashboard/home', session.role, session.roleName);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start" maw={560}>
        <LockKeyhole size={28} aria-hidden />
        <Title order={2} size="h3">
          You don't have access to reports
        </Title>
        <Text>{message}</Text>
        <Text c="dimmed" size="sm">
          Reports show {organisation}'s income, refunds and fees, so they need the “View reports” permission. An
          administrator of {organisation} can give it to you under Settings, Team.
        </Text>
        {home ? (
          <Button component={Link} to="/dashboard/home" variant="default">
            Back to the dashboard
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
