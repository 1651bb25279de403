import { isCourseCraftError, type CourseCraftError } from "~/client";

/** Awaits a typed-client call that must fail, and returns its CourseCraftError (anything else fails the test). */
export async function caught(promise: Promise<unknown>): Promise<CourseCraftError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isCourseCraftError(error)) throw new Error(`expected a CourseCraftError, got ${String(error)}`);
  return error;
}
