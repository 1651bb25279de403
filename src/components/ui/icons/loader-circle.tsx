import { lucideIcon } from "./lucide-icon";

export const LoaderCircle = /* @__PURE__ */ lucideIcon("lucide-loader-circle lucide-loader-2", [["path", { d: "M21 12a9 9 0 1 1-6.219-8.56" }]]);
