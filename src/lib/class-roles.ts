import type { ClassRole } from "./schemas/classes";

/** The owner and teachers manage a class (members, invitation, assignments, dashboard); members only follow it. */
export const canManage = (role: ClassRole) => role === "owner" || role === "teacher";
