/** The largest id PostgreSQL's integer columns hold. */
export const MAX_DATABASE_ID = 2_147_483_647;

/** An id from a page's address (`/course/42`, `/classes/7`): a positive whole number that fits the column, else null. */
export function parseIdParam(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_DATABASE_ID ? id : null;
}
