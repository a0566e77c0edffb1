import { BarChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';

type Series = { name: string; color: string };

/**
 * A console chart: the drawing hidden from assistive technology (recharts without its keyboard
 * layer, so nothing hidden takes focus) and the same figures as a visually hidden table.
 */
export function ConsoleBarChart({
  id,
  title,
  description,
  data,
  series,
  valueFormatter,
  type,
}: {
  id: string;
  title: string;
  description?: string;
  /** One row per bar group: `label` and a number per series name. */
  data: Array<Record<string, string | number>>;
  series: Series[];
  valueFormatter: (value: number) => string;
  type?: 'stacked';
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        <div aria-hidden data-testid={`${id}-chart`}>
          <BarChart
            accessibilityLayer={false}
            h={220}
            data={data}
            dataKey="label"
            series={series}
            type={type}
            valueFormatter={valueFormatter}
            yAxisProps={{ width: 80 }}
          />
        </div>
        <VisuallyHidden>
          <Table>
            <Table.Caption>{title}</Table.Caption>
            <Table.Tbody>
              {data.map((row) => (
                <Table.Tr key={String(row.label)}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  <Table.Td>
                    {series.map((s) => `${s.name}: ${valueFormatter(Number(row[s.name] ?? 0))}`).join(' · ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
