import { sql } from 'drizzle-orm';

/** South African time: a literal, not a parameter, so that GROUP BY sees the same expression as the SELECT list. */
export const TIME_ZONE = sql.raw(`'Africa/Johannesburg'`);

/** The start of a day (YYYY-MM-DD) in South Africa, as a point in time. */
export const startOfDay = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE ${TIME_ZONE}`;
export const startOfNextDay = (day: string) => sql`(${day}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE}`;
