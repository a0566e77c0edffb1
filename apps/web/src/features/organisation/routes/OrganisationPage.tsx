import type { TOrganisationProfile } from '@kindling/contracts';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { organisationApi, organisationKeys, organisationQueries } from '../api/organisation.queries.ts';
import {
  AddressSection,
  IdentifiersSection,
  IdentitySection,
  MoneyAndTimeSection,
  ReceiptSection,
} from '../components/ProfileSections.tsx';
import { checkProfile, type ProfileFormValues, toFormValues } from '../components/profile-form.ts';

const ENTRY = pageEntry('/admin/organization') ?? {
  title: 'Organization',
  section: 'Settings',
  description: '',
  emptyTitle: '',
};

/**
 * /admin/organization: the organisation profile (docs/product/organisation-profile.md) its receipts,
 * statements, donation form and the app's shell use. For 7789, 6635 and 5150.
 */
export function OrganisationPage() {
  const profile = useQuery(organisationQueries.profile());
  return (
    <PageFrame entry={ENTRY}>
      {profile.isPending ? <Skeleton h={480} radius="md" aria-label="Loading the organisation profile" /> : null}
      {profile.isError ? (
        <LoadError
          title="The organisation profile could not be loaded"
          message={profile.error.message}
          retrying={profile.isFetching}
          onRetry={() => profile.refetch()}
        />
      ) : null}
      {profile.data ? <ProfileForm profile={profile.data} /> : null}
    </PageFrame>
  );
}

function ProfileForm({ profile }: { profile: TOrganisationProfile }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProfileFormValues>({ initialValues: toFormValues(profile) });
  const currencyChanged = form.values.base_currency !== profile.base_currency;

  const save = useMutation({
    mutationFn: organisationApi.save,
    onSuccess: async (saved) => {
      queryClient.setQueryData(organisationKeys.profile(), saved);
      form.setValues(toFormValues(saved));
      form.resetDirty(toFormValues(saved));
      notifications.show({ color: 'green', message: 'Organisation profile saved.' });
      // The shell shows the display name, logo, currency and locale the session carries.
      await session.refresh();
    },
    onError: (err) => {
      const { fields, message } = describeFormError(err, 'The profile could not be saved. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });

  const onImage = async (kind: 'logo' | 'signature', url: string) => {
    queryClient.setQueryData<TOrganisationProfile>(organisationKeys.profile(), (p) =>
      p ? { ...p, [kind === 'logo' ? 'logo_url' : 'receipt_signature_url']: url } : p,
    );
    notifications.show({ color: 'green', message: kind === 'logo' ? 'Logo updated.' : 'Signature updated.' });
    if (kind === 'logo') await session.refresh();
  };

  const submit = (event?: React.FormEvent) => {
    event?.preventDefault();
    setError(null);
    const { request, errors } = checkProfile(form.values, currencyChanged);
    form.setErrors(errors);
    if (!request) {
      setError('Some fields need your attention.');
      return;
    }
    save.mutate(request);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Organisation profile">
      <Stack gap="lg" maw={960}>
        <FormAlert message={error} />
        <IdentitySection form={form} profile={profile} onImage={onImage} />
        <AddressSection form={form} />
        <IdentifiersSection form={form} />
        <MoneyAndTimeSection form={form} hasGifts={profile.has_gifts} savedCurrency={profile.base_currency} />
        <ReceiptSection form={form} profile={profile} onImage={onImage} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={save.isPending || !form.isDirty()}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
