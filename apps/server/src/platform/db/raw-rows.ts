// Rows of a table written or read by hand-built SQL (one multi-CTE statement instead of several
// round trips), converted the way Drizzle's own queries convert them.
import { type Column, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';

// Our tables name no columns explicitly: the database name is the key in snake_case (casing option).
const columnName = (key: string, column: Column): string =>
  (column as Column & { keyAsName?: boolean }).keyAsName ? toSnakeCase(key) : column.name;

function columnOf(table: PgTable, key: string): Column {
  const column = getTableColumns(table)[key];
  if (!column) throw new Error(`no column ${key}`);
  return column;
}

/** A row as `RETURNING *` gives it (snake_case keys, driver values) in the table's own JS shape. */
export function rowFromDriver<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[columnName(key, column)];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** `values` (JS shape) as the driver values bound to insertSelectLists' placeholders. */
export function driverValues<T extends PgTable>(table: T, values: Partial<T['$inferInsert']>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = value === null || value === undefined ? null : columnOf(table, key).mapToDriverValue(value);
  }
  return out;
}

/**
 * The column list and the matching typed SELECT list of an `INSERT … SELECT`: `bound` gives, per
 * column key, the bound value (or placeholder), cast to the column's type because a bare parameter
 * in a SELECT list would be text; `computed` gives columns whose values are SQL expressions.
 */
export function insertSelectLists<T extends PgTable>(
  table: T,
  bound: Record<string, unknown>,
  computed: Record<string, SQL> = {},
): { columns: SQL; select: SQL } {
  const names: SQL[] = [];
  const selected: SQL[] = [];
  for (const [key, value] of Object.entries(bound)) {
    const column = columnOf(table, key);
    names.push(sql`${sql.identifier(columnName(key, column))}`);
    selected.push(sql`${value}::${sql.raw(column.getSQLType())}`);
  }
  for (const [key, expression] of Object.entries(computed)) {
    names.push(sql`${sql.identifier(columnName(key, columnOf(table, key)))}`);
    selected.push(expression);
  }
  return { columns: sql.join(names, sql`, `), select: sql.join(selected, sql`, `) };
}

/** A placeholder per key, named `prefix` + key (a statement built once, filled per call). */
export function placeholders<K extends string>(prefix: string, keys: readonly K[]): Record<K, Placeholder> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)])) as Record<K, Placeholder>;
}

/** `values` under the names placeholders(prefix, …) gave them. */
export function prefixed(prefix: string, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[`${prefix}${key}`] = value;
  return out;
}

/**
 * A JS array as ONE array parameter (for `= ANY($1::int[])`, `unnest(…)`): written directly into
 * an sql template, Drizzle would spread it into a list of parameters. A placeholder passes as is.
 */
export const arrayParam = (value: unknown): unknown => (Array.isArray(value) ? sql.param(value) : value);
