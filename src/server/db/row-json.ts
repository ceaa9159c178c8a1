import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table row as one JSON value built by PostgreSQL (`row_to_json`), and the way back to the
 * row type the query builder would have given.
 *
 * Why: the query builder maps every column of every row through generic per-field code, and the
 * driver parses each column separately; for a feed page of 50 bets that was most of the server's
 * time for the request (docs/performance.md). One JSON value per row is parsed by JSON.parse in
 * one step. The database functions that answer whole bets (migration 0006) build the same
 * shape, so one decoder serves both. The field list comes from the table definition.
 */
export interface RowJson<Row> {
  /** `row_to_json(<alias>)`: the whole row, under its column names. */
  sql: (alias: string) => SQL;
  /** Renames the columns to the schema's field names and makes timestamps Dates again. */
  decode: (json: unknown) => Row;
}

export function rowJson<T extends PgTable>(table: T): RowJson<T['$inferSelect']> {
  // Bigint columns are read in 'number' mode everywhere (cents, far below 2^53), as JSON gives them.
  const fields = Object.entries(getTableColumns(table)).map(
    ([field, column]) => [column.name, field, column.dataType === 'date'] as const,
  );
  return {
    sql: (alias) => sql.raw(`row_to_json(${alias})`),
    decode: (json) => {
      const raw = json as Record<string, unknown>;
      const row: Record<string, unknown> = {};
      for (const [name, field, isDate] of fields) {
        const value = raw[name];
        row[field] = isDate && typeof value === 'string' ? new Date(value) : value;
      }
      return row as T['$inferSelect'];
    },
  };
}
