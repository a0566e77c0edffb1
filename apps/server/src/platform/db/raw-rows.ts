// Rows of a table written or read by hand-built SQL (one multi-CTE statement instead of several
// round trips), converted the way Drizzle's own queries convert them.
import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';

// Our tables name no columns explicitly: the database name is the key in snake_case (casing option).
const columnName = (key: string, column: Column): string =>
  (column as Column & { keyAsName?: boolean }).keyAsName ? toSnakeCase(key) : column.name;

/** A row as `RETURNING *` gives it (snake_case keys, driver values) in the table's own JS shape. */
export function rowFromDriver<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[columnName(key, column)];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * The column list and the matching typed SELECT list of an `INSERT … SELECT` for `values`: each
 * value is cast to its column's type, because a bare parameter in a SELECT list would be text.
 * `computed` adds columns whose values are SQL expressions (another CTE's id, a sequence).
 */
export function insertSelectLists<T extends PgTable>(
  table: T,
  values: Partial<T['$inferInsert']>,
  computed: Record<string, SQL> = {},
): { columns: SQL; select: SQL } {
  const all = getTableColumns(table);
  const names: SQL[] = [];
  const selected: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    const column = all[key];
    if (!column || value === undefined) continue;
    names.push(sql`${sql.identifier(columnName(key, column))}`);
    const driverValue = value === null ? null : column.mapToDriverValue(value);
    selected.push(sql`${driverValue}::${sql.raw(column.getSQLType())}`);
  }
  for (const [key, expression] of Object.entries(computed)) {
    const column = all[key];
    if (!column) throw new Error(`no column ${key}`);
    names.push(sql`${sql.identifier(columnName(key, column))}`);
    selected.push(expression);
  }
  return { columns: sql.join(names, sql`, `), select: sql.join(selected, sql`, `) };
}
