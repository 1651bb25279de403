import { lucideIcon } from "./lucide-icon";

export const Check = /* @__PURE__ */ lucideIcon("lucide-check", [["path", { d: "M20 6 9 17l-5-5" }]]);
