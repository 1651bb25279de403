import { lucideIcon } from "./lucide-icon";

export const PanelLeft = /* @__PURE__ */ lucideIcon("lucide-panel-left lucide-sidebar", [
  ["rect", { width: "18", height: "18", x: "3", y: "3", rx: "2" }],
  ["path", { d: "M9 3v18" }],
]);
