import { lucideIcon } from "./lucide-icon";

export const X = /* @__PURE__ */ lucideIcon("lucide-x", [
  ["path", { d: "M18 6 6 18" }],
  ["path", { d: "m6 6 12 12" }],
]);
