import type { z } from "zod";

/**
 * Outputs checked and written once. A procedure's output is validated on every call, and the REST
 * adapter writes it as JSON on every call; for a service that hands out the same object each time
 * (the course tree of a cached course, GET /api/courses/{id}), both are the same work again and
 * cost more CPU than the rest of the request. `validatedOnce(schema)` is `schema` (the OpenAPI
 * document reads it as it is) whose parse remembers its result per object given, frozen, and the
 * adapter remembers the JSON of such a result, as the bytes it sends. Only for a service whose outputs are never changed
 * after they are handed out: a changed course is a new object (its cache entry is replaced).
 */
const validated = new WeakMap<object, unknown>();
const frozenOutputs = new WeakSet<object>();
const json = new WeakMap<object, Buffer<ArrayBuffer>>();

export function validatedOnce<Schema extends z.ZodType>(schema: Schema): Schema {
  const once = schema.clone();
  const parseAsync = once.parseAsync.bind(once);
  once.parseAsync = async (value, params) => {
    if (typeof value !== "object" || value === null) return parseAsync(value, params);
    if (validated.has(value)) return validated.get(value) as z.output<Schema>;
    const result = deepFreeze(await parseAsync(value, params));
    if (typeof result === "object" && result !== null) frozenOutputs.add(result);
    validated.set(value, result);
    return result;
  };
  return once;
}

/**
 * `data` as JSON: written once for an output of validatedOnce, as UTF-8 bytes (the server then
 * neither measures nor encodes it again on each request), every time for anything else.
 */
export function jsonOf(data: unknown): string | Buffer<ArrayBuffer> {
  if (typeof data !== "object" || data === null || !frozenOutputs.has(data)) return JSON.stringify(data) ?? "";
  let bytes = json.get(data);
  if (bytes === undefined) json.set(data, (bytes = Buffer.from(JSON.stringify(data))));
  return bytes;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
