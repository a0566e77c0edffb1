import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { useSession } from '../../../session/session-context.ts';
import { isSignedIn } from '../../../session/session-state.ts';
import { authApi } from '../api/auth.api.ts';

const fallback = (error: Error) => error.message || 'The link could not be checked. Please try again.';

/**
 * /verify-email/:token, opened from the sign-up e-mail (docs/product/sign-in.md#e-mail-verification).
 * Nothing changes until the button is pressed, so a mail scanner that follows the link verifies nothing.
 */
export function VerifyEmailPage() {
  usePageTitle('Confirm your e-mail address');
  const token = useParams().token ?? '';
  const session = useSession();
  const signedIn = isSignedIn(session);
  const verify = useMutation({ mutationFn: () => authApi.verifyEmail(token) });
  const resend = useMutation({ mutationFn: () => authApi.resendVerification() });

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={440} component="main">
        <Stack>
          <Title order={1} size="h3">
            Confirm your e-mail address
          </Title>
          {verify.isSuccess ? (
            <Alert color="green" title="E-mail address verified">
              {verify.data.message}
            </Alert>
          ) : (
            <>
              <Text>Confirm that this address is yours to finish setting up your Kindling account.</Text>
              {verify.isError ? (
                <Alert color="red" role="alert" title="This link cannot be used">
                  {fallback(verify.error)}
                </Alert>
              ) : null}
              <Button onClick={() => verify.mutate()} loading={verify.isPending} disabled={verify.isPending}>
                Confirm my address
              </Button>
            </>
          )}
          {verify.isError && signedIn ? (
            resend.isSuccess ? (
              <Text role="status">{resend.data.message}</Text>
            ) : (
              <>
                <Button variant="light" onClick={() => resend.mutate()} loading={resend.isPending}>
                  Send me a new link
                </Button>
                {resend.isError ? (
                  <Text c="red.9" role="alert" size="sm">
                    {fallback(resend.error)}
                  </Text>
                ) : null}
              </>
            )
          ) : null}
          <Anchor component={Link} to={signedIn ? '/' : '/login'} size="sm" ta="center">
            {signedIn ? 'Back to Kindling' : 'Go to sign in'}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
