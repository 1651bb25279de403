import { describe, expect, it } from "vitest";

import { jobIdFromParam, urlWithJob } from "./job-url";

const ID = "0b7f2c1e-4a5d-4e8f-9c0a-1b2c3d4e5f60";

describe("urlWithJob", () => {
  it("adds the job and keeps the other parameters", () => {
    expect(urlWithJob("/create-course", "", ID)).toBe(`/create-course?job=${ID}`);
    expect(urlWithJob("/create-course", "?topic=react+hooks", ID)).toBe(`/create-course?topic=react+hooks&job=${ID}`);
  });

  it("removes the job", () => {
    expect(urlWithJob("/create-course", `?job=${ID}`, null)).toBe("/create-course");
    expect(urlWithJob("/create-course", `?topic=sql&job=${ID}`, null)).toBe("/create-course?topic=sql");
  });
});

describe("jobIdFromParam", () => {
  it("accepts a UUID only", () => {
    expect(jobIdFromParam(ID)).toBe(ID);
    expect(jobIdFromParam(ID.toUpperCase())).toBe(ID.toUpperCase());
    expect(jobIdFromParam("42")).toBeNull();
    expect(jobIdFromParam("")).toBeNull();
    expect(jobIdFromParam(null)).toBeNull();
  });
});
