import type { DbClient } from "~/server/db";

import { classForCode, type CodeCaller } from "./class-for-code";

/** GET /api/classes/join/{code}: what the join screen asks the learner to confirm (the class's name, owner, teachers, size). */
export async function previewClass(db: DbClient, caller: CodeCaller, code: string) {
  const found = await classForCode(db, caller, code);
  return {
    class: {
      name: found.name,
      owner: found.owner.username,
      teachers: found.members.filter((member) => member.role === "teacher").map((member) => member.user.username),
      memberCount: found._count.members,
    },
    alreadyMember: found.members.some((member) => member.userId === caller.userId),
  };
}
