import { lucideIcon } from "./lucide-icon";

export const Plus = /* @__PURE__ */ lucideIcon("lucide-plus", [
  ["path", { d: "M5 12h14" }],
  ["path", { d: "M12 5v14" }],
]);
