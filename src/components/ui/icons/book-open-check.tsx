import { lucideIcon } from "./lucide-icon";

export const BookOpenCheck = /* @__PURE__ */ lucideIcon("lucide-book-open-check", [
  ["path", { d: "M12 5v16" }],
  ["path", { d: "m16 12 2 2 4-4" }],
  [
    "path",
    { d: "M22 6V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2h4.001A2 2 0 0022 17v-1.344" },
  ],
]);
