import { Button, Checkbox, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { savedReportApi, savedReportKeys } from './saved-reports.queries.ts';

export type ColumnChoice = { key: string; label: string };

type Props = {
  report: string;
  view: string | null;
  /** The page's filters as its address holds them (period, days, campaign…). */
  filters: Record<string, string>;
  /** The report's columns after its first (which always shows). */
  columns: ColumnChoice[];
  /** The columns shown now (the address's choice); none: all. */
  chosen: string[];
};

export const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * “Save report” on the reports page (docs/product/reports.md#saved-reports): a name, the columns to
 * keep and whether the organisation sees it; the report, view and filters are the page's.
 */
export function SaveReportDialog({ report, view, filters, columns, chosen }: Props) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      savedReportApi.create({
        name: name.trim(),
        report,
        view,
        filters,
        // Every column ticked is the same as none chosen: the report as it comes.
        columns:
          picked.length === columns.length ? [] : columns.filter((c) => picked.includes(c.key)).map((c) => c.key),
        shared,
      }),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: savedReportKeys.all });
      notifications.show({ color: 'green', message: `Saved “${saved.name}”.`, autoClose: 4000 });
      setOpen(false);
    },
  });
  const start = () => {
    setName('');
    setShared(false);
    setPicked(chosen.length ? chosen : columns.map((c) => c.key));
    setNameError(null);
    save.reset();
    setOpen(true);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setNameError('Give the report a name.');
    if (columns.length > 0 && picked.length === 0) return setNameError(null);
    setNameError(null);
    save.mutate();
  };
  const noColumns = columns.length > 0 && picked.length === 0;
  return (
    <>
      <Button variant="default" size="sm" leftSection={<Bookmark size={16} aria-hidden />} onClick={start}>
        Save report
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Save report"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text size="sm">The report, its view and its filters are saved as they are on the page.</Text>
            <TextInput
              label="Name"
              required
              maxLength={120}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              data-autofocus
            />
            {columns.length > 0 && (
              <Checkbox.Group
                label="Columns"
                description="The first column always shows."
                value={picked}
                onChange={setPicked}
                error={noColumns ? 'Choose at least one column.' : null}
              >
                <Stack gap={6} mt="xs">
                  {columns.map((c) => (
                    <Checkbox key={c.key} value={c.key} label={c.label} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <Switch
              label="Share with the organisation"
              description="Members who may see reports can open it; only you and administrators can change it."
              checked={shared}
              onChange={(e) => setShared(e.currentTarget.checked)}
            />
            {save.error && (
              <Text c="red.8" size="sm" role="alert">
                {errorText(save.error, 'The report could not be saved. Please try again.')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
