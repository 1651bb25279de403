const MAX_ID = 2_147_483_647;

/** A course id from the URL: a positive whole number that fits the database column, else null. */
export function parseCourseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
