import { lucideIcon } from "~/components/ui/icons/lucide-icon";

/** The player's own lucide icons (ISC), as in ~/components/ui/icons. */
export const ChevronDown = /* @__PURE__ */ lucideIcon("lucide-chevron-down", [["path", { d: "m6 9 6 6 6-6" }]]);
export const ChevronLeft = /* @__PURE__ */ lucideIcon("lucide-chevron-left", [["path", { d: "m15 18-6-6 6-6" }]]);
export const ChevronRight = /* @__PURE__ */ lucideIcon("lucide-chevron-right", [["path", { d: "m9 18 6-6-6-6" }]]);
export const Circle = /* @__PURE__ */ lucideIcon("lucide-circle", [["circle", { cx: "12", cy: "12", r: "10" }]]);
export const CircleCheck = /* @__PURE__ */ lucideIcon("lucide-circle-check", [
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "m9 12 2 2 4-4" }],
]);
export const CirclePlay = /* @__PURE__ */ lucideIcon("lucide-circle-play", [
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "M9 9.003a1 1 0 0 1 1.517-.859l4.997 2.997a1 1 0 0 1 0 1.718l-4.997 2.997A1 1 0 0 1 9 14.996z" }],
]);
export const RotateCcw = /* @__PURE__ */ lucideIcon("lucide-rotate-ccw", [
  ["path", { d: "M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" }],
  ["path", { d: "M3 3v5h5" }],
]);
