import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { describe, expect, test } from "vitest";

import { appErrorToTRPC } from "~/server/api/trpc";

import { APP_ERRORS, AppError, type AppErrorCode, CONNECTION_LOST_MESSAGE, DATABASE_BUSY_MESSAGE, isAppError, isAppErrorCode, toAppError } from "./errors";

const CODES = Object.keys(APP_ERRORS) as AppErrorCode[];

describe("AppError codes", () => {
  test("the statuses clients rely on", () => {
    const statusOf = (code: AppErrorCode) => new AppError(code, "x").status;
    expect([statusOf("UNAUTHORIZED"), statusOf("FORBIDDEN"), statusOf("NOT_FOUND"), statusOf("UNPROCESSABLE"), statusOf("TOO_MANY_REQUESTS")]).toEqual([
      401, 403, 404, 422, 429,
    ]);
    expect(isAppErrorCode("CONFLICT")).toBe(true);
    expect(isAppErrorCode("toString")).toBe(false);
    expect(isAppErrorCode(409)).toBe(false);
  });

  test.each(CODES)("%s: AppError.status and the tRPC mapping give the same HTTP status", (code) => {
    const error = new AppError(code, "message for the user");
    expect(error.status).toBe(APP_ERRORS[code].status);
    const trpcError = appErrorToTRPC(error);
    expect(getHTTPStatusCodeFromError(trpcError)).toBe(APP_ERRORS[code].status);
    expect(trpcError.message).toBe("message for the user");
    expect(trpcError.cause).toBe(error);
  });

  test("carries a retry time for TOO_MANY_REQUESTS", () => {
    const error = new AppError("TOO_MANY_REQUESTS", "slow down", { retryAfterSeconds: 42 });
    expect(error.retryAfterSeconds).toBe(42);
    expect(error.name).toBe("AppError");
    expect(error).toBeInstanceOf(Error);
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new Error("x"))).toBe(false);
  });
});

describe("toAppError", () => {
  test("a busy pool (P2024) or a transaction not started in time (P2028) → SERVICE_UNAVAILABLE 503 to retry", () => {
    for (const code of ["P2024", "P2028"]) {
      const error = toAppError({ code, message: "Transaction API error: Unable to start a transaction in the given time." });
      expect(error, code).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: DATABASE_BUSY_MESSAGE });
    }
  });

  test("P2002 (unique constraint) → CONFLICT 409", () => {
    const error = toAppError({ code: "P2002", message: "Unique constraint failed on the fields: (`usernameKey`)" });
    expect(error?.code).toBe("CONFLICT");
    expect(error?.status).toBe(409);
    // The database's wording (column names, SQL) does not reach the user.
    expect(error?.message).not.toMatch(/usernameKey|constraint/i);
  });

  test("P2025 (record not found) → NOT_FOUND 404", () => {
    const error = toAppError({ code: "P2025", message: "No record was found for an update." });
    expect(error?.code).toBe("NOT_FOUND");
    expect(error?.status).toBe(404);
  });

  test("22021 (NUL / invalid byte sequence) and 22P05 → BAD_REQUEST 400", () => {
    for (const code of ["22021", "22P05"]) {
      const error = toAppError({ code, message: 'invalid byte sequence for encoding "UTF8": 0x00' });
      expect(error?.code).toBe("BAD_REQUEST");
      expect(error?.status).toBe(400);
      expect(error?.message).not.toContain("0x00");
    }
  });

  test("P2000 (value too long) → BAD_REQUEST", () => {
    expect(toAppError({ code: "P2000" })?.code).toBe("BAD_REQUEST");
  });

  test("a database connection lost under the request → SERVICE_UNAVAILABLE 503 (a retry runs on a fresh connection)", () => {
    const lost = [
      // pg, the backend terminated (pg_terminate_backend, a failover) or the socket dropped
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01", severity: "FATAL" }),
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", syscall: "read", errno: -104 }),
      { code: "08006", message: "connection failure" },
      // Prisma's wrapping of the same through @prisma/adapter-pg
      {
        name: "PrismaClientKnownRequestError",
        code: "P2010",
        meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: "57P01", kind: "postgres", code: "57P01" } } },
      },
      { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } },
    ];
    for (const error of lost) {
      const mapped = toAppError(error);
      expect(mapped?.code, JSON.stringify(error)).toBe("SERVICE_UNAVAILABLE");
      expect(mapped?.status).toBe(503);
      expect(mapped?.message).toBe(CONNECTION_LOST_MESSAGE);
    }
    // Other failures of a raw query stay unknown.
    expect(toAppError({ code: "P2010", meta: { driverAdapterError: { cause: { originalCode: "42601", kind: "postgres" } } } })).toBeNull();
  });

  test("an AppError passes through unchanged", () => {
    const original = new AppError("FORBIDDEN", "not yours");
    expect(toAppError(original)).toBe(original);
  });

  test("unknown errors stay unknown (answered with a generic 500)", () => {
    expect(toAppError(new Error("boom"))).toBeNull();
    expect(toAppError({ code: "P1001", message: "Can't reach database server" })).toBeNull();
    expect(toAppError({ code: "23503" })).toBeNull();
    expect(toAppError(null)).toBeNull();
    expect(toAppError(undefined)).toBeNull();
    expect(toAppError("P2002")).toBeNull();
    expect(toAppError(2002)).toBeNull();
  });
});
