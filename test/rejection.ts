/**
 * The error a promise rejects with, checked to be of the expected kind; fails the test when the
 * promise resolves or rejects with something else. Import-free, for unit and integration tests.
 */
export async function rejectionOf<E>(promise: Promise<unknown>, isExpected: (error: unknown) => error is E, expected: string): Promise<E> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isExpected(error)) throw new Error(`expected ${expected}, got ${String(error)}`);
  return error;
}
