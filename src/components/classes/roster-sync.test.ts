import { describe, expect, test } from "vitest";

import { rosterSyncText } from "./roster-sync";

describe("rosterSyncText", () => {
  test("says how many were added, none, or none to add", () => {
    expect(rosterSyncText({ learners: 3, added: 3, notAdded: 0 })).toBe("Added 3 learners from the LMS course.");
    expect(rosterSyncText({ learners: 3, added: 1, notAdded: 0 })).toBe("Added 1 learner from the LMS course.");
    expect(rosterSyncText({ learners: 3, added: 0, notAdded: 0 })).toBe("No new learners: everyone in the LMS course is here already.");
    expect(rosterSyncText({ learners: 0, added: 0, notAdded: 0 })).toBe("The LMS course lists no learners yet.");
  });

  test("says who was left out of a full class", () => {
    expect(rosterSyncText({ learners: 1_200, added: 990, notAdded: 210 })).toBe(
      "Added 990 learners from the LMS course. 210 learners were left out: the class is full.",
    );
    expect(rosterSyncText({ learners: 2, added: 0, notAdded: 1 })).toBe("No learners added: the class is full (1 learner left out).");
  });
});
