import { EVENT_STATUSES, type TEventAdmin } from '@kindling/contracts';
import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { ImageListEditor } from '../../../shared/ImageListEditor.tsx';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { eventKeys, eventQueries, saveEvent, uploadEventImage } from '../api/events.queries.ts';
import { AttendeeQuestionsEditor } from '../components/AttendeeQuestionsEditor.tsx';
import { EventOrders } from '../components/EventOrders.tsx';
import { type EventForm, emptyEventForm, type FormErrors, formOf, inputOf, slugOf } from '../components/event-form.ts';
import { DiscountCodesEditor, TicketTypesEditor } from '../components/TicketTypesEditor.tsx';

const entry = (path: string, title: string) =>
  pageEntry(path) ?? { title, section: 'Fundraising', description: '', emptyTitle: '' };

function Editor({ id, initial }: { id: number | null; initial: EventForm }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => setForm(initial), [initial]);
  const set = (patch: Partial<EventForm>) => setForm((f) => ({ ...f, ...patch }));
  const save = useMutation({
    mutationFn: (input: Parameters<typeof saveEvent>[1]) => saveEvent(id, input),
    onSuccess: async (saved: TEventAdmin) => {
      setErrors({});
      setMessage(null);
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
      toast('green', id === null ? 'Event created.' : 'Event saved.');
      if (id === null) navigate(`/dashboard/events/edit/${saved.id}`, { replace: true });
    },
    onError: (error) => {
      const described = describeFormError(error, 'The event could not be saved. Please try again.');
      setErrors(described.fields);
      setMessage(described.message ?? 'Please correct the highlighted fields.');
    },
  });
  const submit = () => {
    const result = inputOf(form);
    if ('errors' in result) {
      setErrors(result.errors);
      setMessage('Please correct the highlighted fields.');
      return;
    }
    save.mutate(result.input);
  };
  const campaigns = (session.npoCampaigns ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const text = (name: keyof EventForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={String(form[name] ?? '')}
      error={errors[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value } as Partial<EventForm>)}
      {...extra}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <FormAlert message={message} />
        <Paper withBorder radius="lg" p="md" component="fieldset">
          <Title order={2} size="h4" component="legend">
            The event
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              value={form.name}
              error={errors.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                set(id === null && form.slug === slugOf(form.name) ? { name, slug: slugOf(name) } : { name });
              }}
            />
            {text('slug', 'Address', { required: true, description: `Public page: /event-page/${form.slug || '…'}` })}
            {text('starts', 'Starts', { type: 'datetime-local', required: true })}
            {text('ends', 'Ends', { type: 'datetime-local', required: true })}
            {text('time_zone', 'Time zone', {
              description: 'The times above are in this zone, e.g. America/New_York.',
            })}
            <Select
              label="Status"
              data={EVENT_STATUSES.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) }))}
              value={form.status}
              allowDeselect={false}
              onChange={(v) => set({ status: (v ?? 'draft') as EventForm['status'] })}
            />
            {text('venue_name', 'Venue')}
            {text('venue_address', 'Venue address')}
            {text('map_url', 'Map link', { placeholder: 'https://' })}
            {text('online_url', 'Online link', {
              description: 'Sent to ticket holders only.',
              placeholder: 'https://',
            })}
            {text('capacity', 'Capacity', {
              inputMode: 'numeric',
              description: 'Empty: no limit beyond the ticket types.',
            })}
            {text('currency', 'Currency')}
            {text('registration_opens', 'Registration opens', { type: 'datetime-local' })}
            {text('registration_closes', 'Registration closes', { type: 'datetime-local' })}
            {text('organiser_name', 'Organiser')}
            {text('organiser_email', 'Organiser e-mail', { type: 'email' })}
            <Select
              label="Raises for campaign"
              data={campaigns}
              value={form.campaign_id || null}
              clearable
              onChange={(v) => set({ campaign_id: v ?? '' })}
              error={errors.campaign_id}
            />
          </SimpleGrid>
          <Textarea
            mt="sm"
            label="Description"
            description="Basic formatting (paragraphs, bold, links) is kept; anything else is removed."
            rows={5}
            value={form.description}
            error={errors.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
          {/* e18: several images, the first leading the public page (docs/decisions/089-event-images.md). */}
          <Title order={3} size="h5" mt="md" mb="xs" id="event-images">
            Images
          </Title>
          <ImageListEditor
            images={form.images}
            onChange={(images) => set({ images })}
            upload={async (file) => (await uploadEventImage(file)).url}
            empty="No images yet. The first image leads the event page."
            hint="Up to 10 images: JPEG, PNG or WebP up to 5 MB, resized for phones. Drag to reorder; the first leads the page."
            max={10}
          />
          <Switch
            mt="md"
            label="Ask buyers to add a gift"
            checked={form.gift_ask}
            onChange={(e) => set({ gift_ask: e.currentTarget.checked })}
          />
        </Paper>
        <TicketTypesEditor
          items={form.ticket_types}
          currency={form.currency}
          errors={errors}
          onChange={(ticket_types) => set({ ticket_types })}
        />
        <DiscountCodesEditor
          items={form.discount_codes}
          currency={form.currency}
          errors={errors}
          onChange={(discount_codes) => set({ discount_codes })}
        />
        {/* tix18c: questions for each attendee */}
        <AttendeeQuestionsEditor items={form.questions} errors={errors} onChange={(questions) => set({ questions })} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {id === null ? 'Create event' : 'Save event'}
          </Button>
          {id !== null && (
            <Anchor href={`/event-page/${form.slug}`} target="_blank" rel="noopener">
              <Group gap={4}>
                Preview the public page <ExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** /dashboard/event-new */
export function EventNewPage() {
  const session = useSession();
  const initial = useState(() =>
    emptyEventForm(session.npo?.time_zone ?? 'UTC', session.npo?.base_currency ?? 'USD'),
  )[0];
  return (
    <PageFrame entry={entry('/dashboard/event-new', 'New event')}>
      <Editor id={null} initial={initial} />
    </PageFrame>
  );
}

/** /dashboard/events/edit/{id}: the editor, a preview link and the event's orders. */
export function EventEditPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const event = useQuery(eventQueries.event(npoId, id));
  const [initial, setInitial] = useState<EventForm | null>(null);
  useEffect(() => {
    if (event.data) setInitial(formOf(event.data));
  }, [event.data]);
  return (
    <PageFrame entry={entry('/dashboard/events/edit/:id', 'Edit event')} heading={event.data?.name}>
      {event.isError ? (
        <LoadError
          title="The event could not be loaded"
          message={(event.error as Error).message}
          retrying={event.isFetching}
          onRetry={() => event.refetch()}
        />
      ) : !initial ? (
        <Text c="dimmed">Loading the event…</Text>
      ) : (
        <Stack gap="lg">
          <Editor id={id} initial={initial} />
          <EventOrders eventId={id} />
          <Anchor component={Link} to="/dashboard/events">
            Back to events
          </Anchor>
        </Stack>
      )}
    </PageFrame>
  );
}
