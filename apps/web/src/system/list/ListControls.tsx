import { Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { Search } from 'lucide-react';

/** The list's search box; what it writes to the URL is up to useListUrlState (debounced). */
export function ListSearchInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<Search size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={560}
    />
  );
}

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/** Page links with spoken names; nothing when everything fits on one page. */
export function ListPager({
  page,
  pages,
  onChange,
  mobile,
  caption = true,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  mobile: boolean;
  /** 'Page 2 of 7' under the links. */
  caption?: boolean;
}) {
  if (pages <= 1) return null;
  const current = Math.min(page, pages);
  const links = (
    <Pagination
      total={pages}
      value={current}
      onChange={onChange}
      siblings={mobile ? 0 : 1}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
    />
  );
  if (!caption) return <Group justify="center">{links}</Group>;
  return (
    <Stack gap={4} align="center">
      {links}
      <Text size="xs" c="dimmed">
        Page {current} of {pages}
      </Text>
    </Stack>
  );
}
