import { LTI_MESSAGES, LTI_PICKER_OWN_LIMIT, LTI_PICKER_PUBLIC_LIMIT } from "~/lib/rules/lti";
import type { LtiPicker } from "~/lib/schemas/lti";
import type { DbClient } from "~/server/db/client";
import { searchPatterns, selectPickableCourses } from "~/server/db/queries/course";
import { findOwnDeepLinkingLaunch } from "~/server/db/queries/lti";
import { AppError } from "~/server/errors";

/**
 * The picker of a deep linking launch (/lti/deep-link/{launchId}): the launch's state and the
 * courses its teacher may link, their own finished ones and other learners' public ones, newest
 * first, narrowed to titles holding every word of `query`. Only the teacher the launch signed in
 * sees it: anyone else's launch, or an unknown one, → 404. An expired or used launch answers its
 * state and no courses.
 */
export async function showDeepLinkPicker(
  db: DbClient,
  { userId, launchId, query, now }: { userId: number; launchId: string; query?: string; now: Date },
): Promise<LtiPicker> {
  const launch = await findOwnDeepLinkingLaunch(db, { launchId, userId });
  if (!launch) throw new AppError("NOT_FOUND", LTI_MESSAGES.launchNotFound);
  const state = launch.usedAt ? "used" : launch.expiresAt <= now ? "expired" : "open";
  const shown = { id: launch.id, state, contextTitle: launch.context?.title ?? null, expiresAt: launch.expiresAt } as const;
  if (state !== "open") return { launch: shown, own: [], public: [] };
  const words = query ? searchPatterns(query).words : [];
  const [own, others] = await Promise.all([
    selectPickableCourses(db, { userId, whose: "own", words, limit: LTI_PICKER_OWN_LIMIT }),
    selectPickableCourses(db, { userId, whose: "public", words, limit: LTI_PICKER_PUBLIC_LIMIT }),
  ]);
  return { launch: shown, own, public: others };
}
