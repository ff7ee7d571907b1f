import type { ColumnType } from 'kysely';

/** A timestamp column: read as a Date, written as a Date or an ISO string (a default may be left out). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
