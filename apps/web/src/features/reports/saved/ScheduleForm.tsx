import {
  SCHEDULE_CADENCE_LABELS,
  SCHEDULE_CADENCES,
  type TReportScheduleInput,
  type TSavedReport,
  type TScheduleCadence,
  WEEKDAY_NAMES,
} from '@kindling/contracts';
import { Button, Group, MultiSelect, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session';
import { errorText } from './SaveReportDialog.tsx';
import { savedReportApi, savedReportKeys, savedReportQueries } from './saved-reports.queries.ts';

type Errors = Partial<Record<'weekday' | 'day_of_month' | 'recipients', string>>;
type Values = {
  cadence: TScheduleCadence;
  weekday: string | null;
  day: number | string;
  format: string;
  recipients: string[];
};

/** The browser's checks, in the server's words (packages/contracts/src/saved-reports.ts). */
export function scheduleErrors(v: Values): Errors {
  const errors: Errors = {};
  if (v.cadence === 'weekly' && !v.weekday) errors.weekday = 'Choose the weekday it is sent.';
  const day = Number(v.day);
  if (v.cadence === 'monthly' && (v.day === '' || !Number.isInteger(day) || day < 1 || day > 28)) {
    errors.day_of_month = 'Choose a day from 1 to 28.';
  }
  if (v.recipients.length === 0) errors.recipients = 'Choose at least one recipient.';
  return errors;
}

/**
 * A saved report's schedule (docs/product/reports.md#scheduled-reports): weekly on a weekday, monthly
 * on a day, or after month end; the format; recipients among the members who may see reports.
 */
export function ScheduleForm({ saved, onDone }: { saved: TSavedReport; onDone: () => void }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const members = useQuery(savedReportQueries.recipients(npoId));
  const s = saved.schedule;
  const [v, setV] = useState<Values>({
    cadence: s?.cadence ?? 'after_month_end',
    weekday: s?.weekday ? String(s.weekday) : null,
    day: s?.day_of_month ?? 1,
    format: s?.format ?? 'xlsx',
    recipients: (s?.recipients ?? []).map((r) => String(r.user_id)),
  });
  const [errors, setErrors] = useState<Errors>({});
  const done = () => {
    void client.invalidateQueries({ queryKey: savedReportKeys.all });
    onDone();
  };
  const save = useMutation({
    mutationFn: (body: TReportScheduleInput) => savedReportApi.schedule(saved.id, body),
    onSuccess: done,
  });
  const stop = useMutation({ mutationFn: () => savedReportApi.unschedule(saved.id), onSuccess: done });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = scheduleErrors(v);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      cadence: v.cadence,
      weekday: v.cadence === 'weekly' ? Number(v.weekday) : null,
      day_of_month: v.cadence === 'monthly' ? Number(v.day) : null,
      format: v.format as 'csv',
      recipients: v.recipients.map(Number),
    });
  };
  const set = (patch: Partial<Values>) => setV((old) => ({ ...old, ...patch }));
  return (
    <form noValidate onSubmit={submit} aria-label={`Schedule of ${saved.name}`}>
      <Stack gap="md">
        <Select
          label="Send"
          data={SCHEDULE_CADENCES.map((c) => ({ value: c, label: SCHEDULE_CADENCE_LABELS[c] }))}
          value={v.cadence}
          onChange={(c) => c && set({ cadence: c as TScheduleCadence })}
          allowDeselect={false}
          description={
            v.cadence === 'after_month_end'
              ? 'On the first working day after a month closes, with that month’s figures.'
              : undefined
          }
        />
        {v.cadence === 'weekly' && (
          <Select
            label="Weekday"
            data={WEEKDAY_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
            value={v.weekday}
            onChange={(weekday) => set({ weekday })}
            error={errors.weekday}
          />
        )}
        {v.cadence === 'monthly' && (
          <NumberInput
            label="Day of the month"
            min={1}
            max={28}
            value={v.day}
            onChange={(day) => set({ day })}
            error={errors.day_of_month}
          />
        )}
        <Select
          label="Format"
          data={[
            { value: 'csv', label: 'CSV' },
            { value: 'xlsx', label: 'Excel (XLSX)' },
            { value: 'pdf', label: 'PDF' },
          ]}
          value={v.format}
          onChange={(format) => format && set({ format })}
          allowDeselect={false}
        />
        <MultiSelect
          label="Recipients"
          description="Members who hold “View reports”."
          data={(members.data?.members ?? []).map((m) => ({
            value: String(m.user_id),
            label: `${m.name} (${m.email})`,
          }))}
          value={v.recipients}
          onChange={(recipients) => set({ recipients })}
          error={errors.recipients}
          searchable
        />
        {(save.error || stop.error) && (
          <Text c="red.8" size="sm" role="alert">
            {errorText(save.error ?? stop.error, 'The schedule could not be saved. Please try again.')}
          </Text>
        )}
        <Group justify="space-between">
          {s ? (
            <Button variant="subtle" color="red" onClick={() => stop.mutate()} loading={stop.isPending}>
              Stop sending
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
