import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table row as one JSON value built by PostgreSQL, and the way back to the row type the query
 * builder would have given.
 *
 * Why: the query builder maps every column of every row through generic per-field code, and the
 * driver parses each column separately; for a feed page of 50 bets that was most of the server's
 * time for the request (docs/decisions/007-stake-in-the-database.md). One JSON value per row is parsed by JSON.parse in
 * one step. Queries built here ask for a JSON array of the columns in the schema's order, which
 * PostgreSQL builds and Node parses faster than an object with the names repeated in every row;
 * the database functions that answer whole bets (stake_on_bets and bet_detail, in
 * features/bets/) use `row_to_json`, an object under the column names, so that no column list is
 * written in SQL. One decoder reads both.
 */
export interface RowJson<Row> {
  /** `json_build_array(<alias>."id", <alias>."creator_id", ...)`, in the schema's column order. */
  sql: (alias: string) => SQL;
  /** The row from either form: renames columns to the schema's field names, timestamps to Dates. */
  decode: (json: unknown) => Row;
}

export function rowJson<T extends PgTable>(table: T): RowJson<T['$inferSelect']> {
  // Bigint columns are read in 'number' mode everywhere (cents, far below 2^53), as JSON gives them.
  const fields = Object.entries(getTableColumns(table)).map(
    ([field, column]) => [column.name, field, column.dataType === 'date'] as const,
  );
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : value);
  return {
    sql: (alias) => sql.raw(`json_build_array(${fields.map(([name]) => `${alias}."${name}"`).join(', ')})`),
    decode: (json) => {
      const row: Record<string, unknown> = {};
      if (Array.isArray(json)) {
        fields.forEach(([, field, isDate], i) => {
          row[field] = isDate ? date(json[i]) : json[i];
        });
      } else {
        const raw = json as Record<string, unknown>;
        for (const [name, field, isDate] of fields) row[field] = isDate ? date(raw[name]) : raw[name];
      }
      return row as T['$inferSelect'];
    },
  };
}
