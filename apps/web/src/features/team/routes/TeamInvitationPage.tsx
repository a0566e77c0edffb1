import { CONSTANTS, type TInvitationPreview } from '@kindling/contracts';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { teamApi, teamQueries } from '../api/team.queries.ts';

/** /team-invitation/:token: a colleague accepts an e-mailed invitation (docs/product/team.md#invitations). */
export function TeamInvitationPage() {
  usePageTitle('Join the team');
  const token = useParams().token ?? '';
  const preview = useQuery(teamQueries.invitation(token));
  let body: React.ReactNode;
  if (preview.isPending)
    body = <Loader role="status" mx="auto" color={CONSTANTS.spinnerColor} aria-label="Checking the invitation" />;
  else if (preview.isError) {
    body = (
      <Alert color="red" role="alert" title="This invitation cannot be used">
        {preview.error instanceof ApiError
          ? preview.error.message
          : 'The invitation could not be checked. Reload the page to try again.'}
      </Alert>
    );
  } else body = <Invitation token={token} preview={preview.data} />;
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={440} component="main">
        <Stack>
          <Title order={1} size="h3">
            Join the team
          </Title>
          {body}
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Go to sign in
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

function Invitation({ token, preview }: { token: string; preview: TInvitationPreview }) {
  const [form, setForm] = useState({ first_name: '', last_name: '', password: '' });
  const accept = useMutation({ mutationFn: (body: Partial<typeof form>) => teamApi.accept(token, body) });
  const fields = accept.error instanceof ApiError ? (accept.error.body?.fields ?? {}) : {};
  const intro = (
    <Text>
      <strong>{preview.organisation}</strong> invited <strong>{preview.email}</strong> to its team as{' '}
      {preview.role_name}.
    </Text>
  );
  if (accept.isSuccess) {
    return (
      <Alert color="green" title={`You joined ${accept.data.organisation}`}>
        {accept.data.signed_in ? (
          <Anchor component={Link} to="/select-npo">
            Choose the organisation
          </Anchor>
        ) : (
          <Anchor component={Link} to="/login">
            Sign in with your new password
          </Anchor>
        )}
      </Alert>
    );
  }
  const failure =
    accept.isError && Object.keys(fields).length === 0 ? (
      <Alert color="red" role="alert">
        {accept.error.message}
      </Alert>
    ) : null;
  if (preview.signed_in === 'other') {
    return (
      <>
        {intro}
        <Alert color="orange" role="alert">
          You are signed in with another account. Sign out, then open the link again as {preview.email}.
        </Alert>
      </>
    );
  }
  if (preview.has_account) {
    return (
      <>
        {intro}
        {failure}
        {preview.signed_in === 'invitee' ? (
          <Button onClick={() => accept.mutate({})} loading={accept.isPending}>
            Accept the invitation
          </Button>
        ) : (
          <Text>You already have an account: sign in as {preview.email}, then open this link again.</Text>
        )}
      </>
    );
  }
  // The value is read now: React clears currentTarget once the handler returns.
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
  };
  return (
    <form
      aria-label="Create your account"
      onSubmit={(e) => {
        e.preventDefault();
        accept.mutate(form);
      }}
    >
      <Stack>
        {intro}
        {failure}
        <TextInput
          label="First name"
          required
          value={form.first_name}
          onChange={set('first_name')}
          error={fields.first_name}
        />
        <TextInput
          label="Last name"
          required
          value={form.last_name}
          onChange={set('last_name')}
          error={fields.last_name}
        />
        <PasswordInput
          label="Password"
          description={`At least ${CONSTANTS.passwordMinLength} characters`}
          required
          value={form.password}
          onChange={set('password')}
          error={fields.password}
        />
        <Button type="submit" loading={accept.isPending}>
          Create account and join
        </Button>
      </Stack>
    </form>
  );
}
