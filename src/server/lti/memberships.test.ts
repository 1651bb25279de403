import { describe, expect, test } from "vitest";

import { isActiveLearner, nextLink } from "./memberships";

const LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";
const INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor";

describe("nextLink", () => {
  test("finds rel=next among several links, quoted or bare, in any case", () => {
    expect(nextLink('<https://lms.example/m?p=1>; rel="prev", <https://lms.example/m?p=3>; rel="next"')).toBe("https://lms.example/m?p=3");
    expect(nextLink("<https://lms.example/m?p=2>; rel=next")).toBe("https://lms.example/m?p=2");
    expect(nextLink('<https://lms.example/m?p=2>; title="x"; rel="Next"')).toBe("https://lms.example/m?p=2");
    expect(nextLink('<https://lms.example/m?p=2>; rel="differences next"')).toBe("https://lms.example/m?p=2");
  });

  test("nothing without a next link", () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink("")).toBeNull();
    expect(nextLink('<https://lms.example/m?p=1>; rel="prev"')).toBeNull();
    expect(nextLink('<https://lms.example/nextpage>; rel="last"')).toBeNull();
  });
});

describe("isActiveLearner", () => {
  test("a learner by the full or short role, active or without a status", () => {
    expect(isActiveLearner({ roles: [LEARNER] })).toBe(true);
    expect(isActiveLearner({ roles: ["Learner"], status: "Active" })).toBe(true);
  });

  test("not an inactive or deleted learner, a teacher who is also a learner, or someone with no learner role", () => {
    expect(isActiveLearner({ roles: [LEARNER], status: "Inactive" })).toBe(false);
    expect(isActiveLearner({ roles: [LEARNER], status: "Deleted" })).toBe(false);
    expect(isActiveLearner({ roles: [LEARNER, INSTRUCTOR] })).toBe(false);
    expect(isActiveLearner({ roles: ["http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"] })).toBe(false);
    expect(isActiveLearner({ roles: [] })).toBe(false);
  });
});
