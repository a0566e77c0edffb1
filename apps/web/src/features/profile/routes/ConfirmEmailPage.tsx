import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { useSession } from '../../../session/session-context.ts';
import { isSignedIn } from '../../../session/session-state.ts';
import { profileApi } from '../api/profile.queries.ts';
import { profileErrorMessage } from '../profile-errors.ts';

/**
 * /confirm-email/:token, opened from the e-mail sent to a new address. Nothing changes until the
 * button is pressed, so a mail scanner that follows the link changes nothing either.
 */
export function ConfirmEmailPage() {
  usePageTitle('Confirm your new e-mail address');
  const token = useParams().token ?? '';
  const session = useSession();
  const signedIn = isSignedIn(session);
  const confirm = useMutation({
    mutationFn: () => profileApi.confirmEmailChange(token),
    // The top bar and profile show the new address at once.
    onSuccess: () => (signedIn ? session.refresh() : undefined),
  });

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={440} component="main">
        <Stack>
          <Title order={1} size="h3">
            Confirm your new e-mail address
          </Title>
          {confirm.isSuccess ? (
            <Alert color="green" title="E-mail address changed">
              {confirm.data.message} Sign in with it from now on.
            </Alert>
          ) : (
            <>
              <Text>Your account will use the address this link was sent to.</Text>
              {confirm.isError && (
                <Alert color="red" role="alert" title="This link cannot be used">
                  {profileErrorMessage(confirm.error, 'The link could not be checked. Please try again.')}
                </Alert>
              )}
              <Button onClick={() => confirm.mutate()} loading={confirm.isPending} disabled={confirm.isPending}>
                Confirm new address
              </Button>
            </>
          )}
          <Anchor component={Link} to={signedIn ? '/profile' : '/login'} size="sm" ta="center">
            {signedIn ? 'Back to your profile' : 'Go to sign in'}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
