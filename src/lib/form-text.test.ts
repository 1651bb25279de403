import { describe, expect, test } from "vitest";

import { formText } from "./form-text";

describe("formText", () => {
  test("a text field's value, as typed", () => {
    const form = new FormData();
    form.set("name", "  My token ");
    expect(formText(form, "name")).toBe("  My token ");
  });

  test("a missing field or a file reads as empty, never as '[object File]'", () => {
    const form = new FormData();
    form.set("upload", new Blob(["x"]), "x.txt");
    expect(formText(form, "missing")).toBe("");
    expect(formText(form, "upload")).toBe("");
  });
});
