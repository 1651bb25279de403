import { lucideIcon } from "./lucide-icon";

export const Clock = /* @__PURE__ */ lucideIcon("lucide-clock", [
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "M12 6v6l4 2" }],
]);
