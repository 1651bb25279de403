import { lucideIcon } from "./lucide-icon";

export const Compass = /* @__PURE__ */ lucideIcon("lucide-compass", [
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "m16.24 7.76-1.804 5.411a2 2 0 0 1-1.265 1.265L7.76 16.24l1.804-5.411a2 2 0 0 1 1.265-1.265z" }],
]);
