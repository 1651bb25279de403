/**
 * What a page must know of the offline store without loading it (Dexie loads only when needed):
 * which courses are saved, and whether anything done offline waits to be sent. Kept in localStorage.
 */
const SAVED = "coursecraft-offline-courses";
const PENDING = "coursecraft-offline-pending";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function savedCourseIds(): number[] {
  try {
    const ids: unknown = JSON.parse(read(SAVED) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
}

export function setCourseSaved(courseId: number, saved: boolean): void {
  const ids = savedCourseIds().filter((id) => id !== courseId);
  localStorage.setItem(SAVED, JSON.stringify(saved ? [...ids, courseId] : ids));
}

export const hasPendingOfflineWork = () => read(PENDING) === "1";

export function setPendingOfflineWork(pending: boolean): void {
  if (pending) localStorage.setItem(PENDING, "1");
  else localStorage.removeItem(PENDING);
}
