import { describe, expect, it } from "vitest";

import { isNoteShortcut } from "./use-note-shortcut";

type Target = { tagName: string; isContentEditable?: boolean; insideOpenDialog?: boolean };
const element = ({ tagName, isContentEditable = false, insideOpenDialog = false }: Target) =>
  ({ tagName, isContentEditable, closest: (selector: string) => (selector === "dialog[open]" && insideOpenDialog ? {} : null) }) as unknown as EventTarget;

const press = (key: string, options: Partial<Parameters<typeof isNoteShortcut>[0]> = {}) =>
  isNoteShortcut({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    repeat: false,
    defaultPrevented: false,
    target: element({ tagName: "BODY" }),
    ...options,
  });

describe("isNoteShortcut", () => {
  it("takes n and N on the page", () => {
    expect(press("n")).toBe(true);
    expect(press("N")).toBe(true);
    expect(press("n", { target: null })).toBe(true);
    expect(press("m")).toBe(false);
  });

  it("leaves N to other shortcuts, repeats and handled keys", () => {
    expect(press("n", { ctrlKey: true })).toBe(false);
    expect(press("n", { metaKey: true })).toBe(false);
    expect(press("n", { altKey: true })).toBe(false);
    expect(press("n", { repeat: true })).toBe(false);
    expect(press("n", { defaultPrevented: true })).toBe(false);
  });

  it("leaves N alone while the learner types or a dialog is open", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"]) expect(press("n", { target: element({ tagName }) })).toBe(false);
    expect(press("n", { target: element({ tagName: "DIV", isContentEditable: true }) })).toBe(false);
    expect(press("n", { target: element({ tagName: "BUTTON", insideOpenDialog: true }) })).toBe(false);
    expect(press("n", { target: element({ tagName: "BUTTON" }) })).toBe(true);
  });
});
