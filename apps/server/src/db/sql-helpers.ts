import { type Expression, type SqlBool, sql } from 'kysely';

/** Case-insensitive "contains" that treats % and _ in the value literally, the same on both dialects. */
export function contains(column: string, value: string): Expression<SqlBool> {
  const pattern = `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** count(*) comes back as a string from pg; always read it through this. */
export const countAll = () => sql<string | number>`count(*)`;
