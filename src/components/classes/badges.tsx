import { cn } from "~/components/ui/cn";
import type { ClassRole } from "~/lib/schemas/classes";

import { ROLE_LABELS } from "./format";

const ROLE_TONES: Record<ClassRole, string> = {
  owner: "border-primary/40 bg-primary/10 text-primary",
  teacher: "border-primary/30 text-primary",
  member: "text-muted-foreground",
};

/** Someone's role in a class, as a small label. */
export function RoleBadge({ role, className }: { role: ClassRole; className?: string }) {
  return (
    <span className={cn("rounded-full border px-2.5 py-0.5 text-xs font-medium", ROLE_TONES[role], className)} data-testid="role-badge">
      {ROLE_LABELS[role]}
    </span>
  );
}

/** An archived class: read-only. */
export function ArchivedBadge() {
  return (
    <span className="rounded-full border border-dashed px-2.5 py-0.5 text-xs font-medium text-muted-foreground" data-testid="archived-badge">
      Archived
    </span>
  );
}
