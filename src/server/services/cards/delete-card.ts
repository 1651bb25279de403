import type { DbClient } from "~/server/db";
import { deleteUserCard } from "~/server/db/queries/cards";
import { AppError } from "~/server/errors";

import { CARD_NOT_FOUND } from "./card-view";

/** DELETE /api/cards/{id}: the learner's own card, with its reviews. Another learner's card or an unknown id is 404. */
export async function deleteCard(db: DbClient, { userId, cardId }: { userId: number; cardId: number }): Promise<void> {
  if ((await deleteUserCard(db, { userId, cardId })) === 0) throw new AppError("NOT_FOUND", CARD_NOT_FOUND);
}
