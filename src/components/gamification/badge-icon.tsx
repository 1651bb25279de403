import { cn } from "~/components/ui/cn";
import { Flame } from "~/components/ui/icons/flame";
import { GraduationCap } from "~/components/ui/icons/graduation-cap";
import { ListChecks } from "~/components/ui/icons/list-checks";
import type { LucideIcon } from "~/components/ui/icons/lucide-icon";
import { Target } from "~/components/ui/icons/target";
import type { UserBadgeView } from "~/lib/schemas/gamification";

type BadgeType = UserBadgeView["badge"]["type"];

const ICONS: Record<BadgeType, LucideIcon> = { streak: Flame, completion: GraduationCap, quiz: ListChecks, challenge: Target };

const TONES: Record<BadgeType, string> = {
  streak: "bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300",
  completion: "bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300",
  quiz: "bg-purple-100 text-purple-700 dark:bg-purple-950 dark:text-purple-300",
  challenge: "bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300",
};

/** A round, decorative icon for a badge's type. */
export function BadgeIcon({ type, className }: { type: BadgeType; className?: string }) {
  const Icon = ICONS[type];
  return (
    <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-full", TONES[type], className)}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
