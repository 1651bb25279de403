// Stands in for the "server-only" package under vitest: importing it from a test is fine.
export {};
