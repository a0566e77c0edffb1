import { Paper, ScrollArea, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled panel of a settings page; its title names the region for assistive technology. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function WideTable({
  minWidth,
  headers,
  children,
  maxHeight,
}: {
  minWidth: number;
  headers: ReactNode[];
  children: ReactNode;
  maxHeight?: number;
}) {
  return (
    <ScrollArea type="auto" mah={maxHeight}>
      <Table miw={minWidth} verticalSpacing={4} stickyHeader={maxHeight !== undefined}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of headers
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
