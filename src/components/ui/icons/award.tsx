import { lucideIcon } from "./lucide-icon";

export const Award = /* @__PURE__ */ lucideIcon("lucide-award", [
  ["path", { d: "m15.477 12.89 1.344 8.041a.5.5 0 0 1-.75.512l-3.557-2.134a1 1 0 0 0-1.028 0l-3.557 2.134a.5.5 0 0 1-.75-.512l1.344-8.041" }],
  ["circle", { cx: "12", cy: "8", r: "6" }],
]);
