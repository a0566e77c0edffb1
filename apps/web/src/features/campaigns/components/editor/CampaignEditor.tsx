import { canReach, type TPublicCampaign } from '@kindling/contracts';
import { Alert, Button, Grid, Group, NativeSelect, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock, Save } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../../app/api-client.ts';
import { useSession } from '../../../../session/index.ts';
import { PageFrame } from '../../../../shared/PageFrame.tsx';
import type { PageEntry } from '../../../../shared/page-entry.ts';
import { effectiveRoleCode } from '../../../../shell/route-access.ts';
import { LeaveGuard } from '../../../../system/LeaveGuard.tsx';
import { campaignApi, campaignKeys, type StaffCampaignResponse } from '../../api/campaigns.queries.ts';
import { type CampaignDraft, draftOf, emptyDraft } from '../../editor/campaign-draft.ts';
import { draftErrorsOf, draftToInput, validateDraft } from '../../editor/draft-input.ts';
import { draftToPublicCampaign, newCampaignContext, type PreviewContext } from '../../editor/draft-preview.ts';
import { AmountsSection } from './AmountsSection.tsx';
import { CurrencyLimits } from './CurrencyLimits.tsx';
import { CustomJsSection } from './CustomJsSection.tsx';
import { DesignationsSection } from './DesignationsSection.tsx';
import { DesignSection } from './DesignSection.tsx';
import { DetailsSection } from './DetailsSection.tsx';
import { EditorPreview } from './EditorPreview.tsx';
import { EmbedSection } from './EmbedSection.tsx';
import { type EditorForm, SECTIONS, type SectionProps, type SectionValue, sectionOf } from './editor-form.ts';
import { QuestionsSection } from './QuestionsSection.tsx';
import { ThankYouSection } from './ThankYouSection.tsx';

export type SavedCampaign = StaffCampaignResponse['campaign'];
const FORM_ID = 'campaign-editor';
/** The toast's close button has only an icon: name it. */
const CLOSE = { 'aria-label': 'Dismiss notification' };

/** The saved campaign's organisation, totals and payment tabs; the session's for a new one. */
function usePreviewContext(saved: SavedCampaign | null, baseCurrency: string): PreviewContext {
  const npo = useSession().selectedNpo;
  return useMemo(() => {
    const fallback = newCampaignContext(
      { id: npo?.id ?? 1, name: npo?.name ?? '', logo: npo?.logo ?? null },
      baseCurrency,
    );
    if (!saved) return fallback;
    const pick = <K extends keyof PreviewContext>(key: K): PreviewContext[K] =>
      (saved as Partial<TPublicCampaign>)[key] ?? fallback[key];
    const keys = Object.keys(fallback) as Array<keyof PreviewContext>;
    return { ...Object.fromEntries(keys.map((k) => [k, pick(k)])), id: saved.id } as PreviewContext;
  }, [saved, npo, baseCurrency]);
}

/** Save: create (then open the edit page) or update (then show the answer as the new baseline). */
type SaveOptions = {
  saved: SavedCampaign | null;
  form: EditorForm;
  goalCurrency: string;
  /** Set before leaving for the edit page, so the unsaved-changes guard lets the navigation through. */
  bypass: { current: boolean };
  onFieldErrors: (errors: Record<string, string>) => void;
};

function useSave({ saved, form, goalCurrency, bypass, onFieldErrors }: SaveOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const npoId = useSession().selectedNpo?.id ?? null;
  return useMutation({
    mutationFn: (values: CampaignDraft) => {
      const { input } = draftToInput(values, goalCurrency);
      return saved ? campaignApi.update(saved.id, input) : campaignApi.create(input);
    },
    onSuccess: async (data) => {
      queryClient.setQueryData(campaignKeys.detail(npoId, data.campaign.id), data);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      if (!saved) {
        notifications.show({ color: 'green', message: 'Campaign created', closeButtonProps: CLOSE });
        bypass.current = true;
        await navigate(`/dashboard/campaign-edit/${data.campaign.id}`, { replace: true });
        return;
      }
      const next = draftOf(data.campaign);
      form.setValues(next);
      form.resetDirty(next);
      notifications.show({ color: 'green', message: 'Campaign saved', closeButtonProps: CLOSE });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.body?.fields)) return;
      const errors = draftErrorsOf(error.body.fields);
      form.setErrors(errors);
      onFieldErrors(errors);
    },
  });
}

type EditorProps = { entry: PageEntry; saved: SavedCampaign | null; baseCurrency: string };

/** The editor's form, its sections, the live preview, and Save and Cancel. */
export function CampaignEditor({ entry, saved, baseCurrency }: EditorProps) {
  const session = useSession();
  const canWrite = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const goalCurrency = saved?.raised_currency ?? baseCurrency;
  const form: EditorForm = useForm<CampaignDraft>({
    initialValues: saved ? draftOf(saved) : emptyDraft(baseCurrency),
    validate: (values) => validateDraft(values, goalCurrency),
  });
  const [section, setSection] = useState<SectionValue>('details');
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [urlFollowsName, setUrlFollowsName] = useState(!saved);
  const bypass = useRef(false);
  const narrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const ctx = usePreviewContext(saved, goalCurrency);
  const [draft] = useDebouncedValue(form.values, 150);
  const preview = useMemo(() => draftToPublicCampaign(draft, ctx), [draft, ctx]);

  const openFirstError = (errors: Record<string, unknown>) => {
    const first = Object.keys(errors)[0];
    if (first) setSection(sectionOf(first));
    setView('edit');
  };
  const save = useSave({ saved, form, goalCurrency, bypass, onFieldErrors: openFirstError });
  const submit = form.onSubmit((values) => save.mutate(values), openFirstError);
  const sections = SECTIONS.filter((s) => s.value !== 'embed' || saved);
  const props: SectionProps = { form, campaignId: saved?.id ?? null, baseCurrency: goalCurrency };
  const formError =
    save.error && !(save.error instanceof ApiError && save.error.body?.fields) ? save.error.message : null;
  const fieldError = save.error instanceof ApiError && save.error.body?.fields ? save.error.message : null;

  const actions = (
    <Group gap="sm">
      <Button component={Link} to="/dashboard/campaigns" variant="default">
        Cancel
      </Button>
      {canWrite ? (
        <Button type="submit" form={FORM_ID} loading={save.isPending} leftSection={<Save size={16} aria-hidden />}>
          {saved ? 'Save' : 'Create campaign'}
        </Button>
      ) : null}
    </Group>
  );

  return (
    <PageFrame entry={entry} heading={saved ? saved.name : entry.title} actions={actions}>
      <LeaveGuard when={() => !bypass.current && !save.isPending && form.isDirty() && canWrite} what="this campaign" />
      {canWrite ? null : (
        <Alert color="gray" icon={<Lock size={16} aria-hidden />}>
          {saved
            ? 'You can look at this campaign; only administrators can change it.'
            : 'Only administrators can create campaigns.'}
        </Alert>
      )}
      {formError || fieldError ? (
        <Alert color="red" role="alert" title="The campaign was not saved">
          {formError ?? `${fieldError} Fix the marked fields and save again.`}
        </Alert>
      ) : null}
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Tabs value={section} onChange={(v) => v && setSection(v as SectionValue)} keepMounted={false}>
          <Stack gap="md">
            {phone && view === 'edit' ? (
              <NativeSelect
                label="Section"
                data={sections.map((s) => ({ value: s.value, label: s.label }))}
                value={section}
                onChange={(e) => setSection(e.currentTarget.value as SectionValue)}
              />
            ) : phone ? null : (
              <Tabs.List aria-label="Campaign sections">
                {sections.map((s) => (
                  <Tabs.Tab key={s.value} value={s.value}>
                    {s.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            )}
            {narrow ? (
              <SegmentedControl
                aria-label="Editor or preview"
                value={view}
                onChange={(v) => setView(v as 'edit' | 'preview')}
                data={[
                  { value: 'edit', label: 'Edit' },
                  { value: 'preview', label: 'Preview' },
                ]}
              />
            ) : null}
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, md: 7 }} display={narrow && view === 'preview' ? 'none' : undefined}>
                <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                  <Tabs.Panel value="details">
                    <DetailsSection
                      {...props}
                      canWrite={canWrite}
                      urlFollowsName={urlFollowsName}
                      onUrlTyped={() => setUrlFollowsName(false)}
                    />
                  </Tabs.Panel>
                  <Tabs.Panel value="amounts">
                    <AmountsSection {...props} />
                    {/* faults15: amount limits and presets per currency (decision 035) */}
                    <CurrencyLimits {...props} saved={saved} />
                  </Tabs.Panel>
                  <Tabs.Panel value="questions">
                    <QuestionsSection {...props} />
                  </Tabs.Panel>
                  <Tabs.Panel value="designations">
                    <DesignationsSection {...props} />
                  </Tabs.Panel>
                  <Tabs.Panel value="design">
                    <DesignSection {...props} />
                  </Tabs.Panel>
                  <Tabs.Panel value="thank-you">
                    <ThankYouSection {...props} />
                  </Tabs.Panel>
                </fieldset>
                {saved ? (
                  <Tabs.Panel value="embed">
                    <EmbedSection
                      campaignId={saved.id}
                      name={saved.name}
                      campaignUrl={saved.campaign_url}
                      parentCampaignId={saved.parent_campaign_id}
                      active={saved.status === 'active'}
                    />
                    {/* Custom JS: saved on its own, by organisation admins only (decision 036). */}
                    <CustomJsSection
                      campaignId={saved.id}
                      saved={saved.custom_js ?? ''}
                      parentCampaignId={saved.parent_campaign_id}
                    />
                  </Tabs.Panel>
                ) : null}
              </Grid.Col>
              {!narrow || view === 'preview' ? (
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <div style={{ position: narrow ? undefined : 'sticky', top: 76 }}>
                    <EditorPreview campaign={preview} />
                  </div>
                </Grid.Col>
              ) : null}
            </Grid>
          </Stack>
        </Tabs>
      </form>
    </PageFrame>
  );
}
