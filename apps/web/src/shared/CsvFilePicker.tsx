import { Button, FileInput, Group } from '@mantine/core';
import { FileUp } from 'lucide-react';

/** A CSV file picker and its check button, with the server's word on a refused file under it. */
export function CsvFilePicker(props: {
  file: File | null;
  onChange: (file: File | null) => void;
  onSubmit: () => void;
  submitLabel: string;
  pending: boolean;
  error: string | undefined;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <FileInput
        label="CSV file"
        accept=".csv,text/csv"
        value={props.file}
        onChange={props.onChange}
        leftSection={<FileUp size={16} aria-hidden />}
        clearable
        style={{ flex: '1 1 240px' }}
        error={props.error}
      />
      <Button onClick={props.onSubmit} disabled={!props.file} loading={props.pending}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
