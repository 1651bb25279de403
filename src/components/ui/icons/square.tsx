import { lucideIcon } from "./lucide-icon";

export const Square = /* @__PURE__ */ lucideIcon("lucide-square", [["rect", { width: "18", height: "18", x: "3", y: "3", rx: "2" }]]);
