import { type AnyColumn, desc, type SQL, sql } from 'drizzle-orm';

/**
 * Newest-first lists paged with `before` (DESIGN.md: the time of the last row seen). The database
 * keeps microseconds but an ISO time carries milliseconds, so rows are ordered and compared at
 * millisecond precision: a row in the same millisecond as the last one shown is never skipped for
 * a difference the client could not see. `beforeId` (the last row's id) orders rows of the same
 * millisecond; without it the next page starts at the next millisecond.
 */
const atMs = (column: AnyColumn) => sql`date_trunc('milliseconds', ${column})`;

export function newestFirst(time: AnyColumn, id: AnyColumn): SQL[] {
  return [desc(atMs(time)), desc(id)];
}

export function olderThan(time: AnyColumn, id: AnyColumn, before?: string, beforeId?: string): SQL | undefined {
  if (!before) return undefined;
  const at = new Date(before).toISOString();
  return beforeId
    ? sql`(${atMs(time)}, ${id}) < (${at}::timestamptz, ${beforeId}::uuid)`
    : sql`${atMs(time)} < ${at}::timestamptz`;
}
