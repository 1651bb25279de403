import { lucideIcon } from "./lucide-icon";

export const ArrowRight = /* @__PURE__ */ lucideIcon("lucide-arrow-right", [
  ["path", { d: "M5 12h14" }],
  ["path", { d: "m12 5 7 7-7 7" }],
]);
