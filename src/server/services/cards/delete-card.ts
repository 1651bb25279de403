import type { DbClient } from "~/server/db";
import { AppError } from "~/server/errors";

import { CARD_NOT_FOUND } from "./card-view";

/** DELETE /api/cards/{id}: the learner's own card, with its reviews. Another learner's card or an unknown id is 404. */
export async function deleteCard(db: DbClient, { userId, cardId }: { userId: number; cardId: number }): Promise<void> {
  const { count } = await db.card.deleteMany({ where: { id: cardId, userId } });
  if (count === 0) throw new AppError("NOT_FOUND", CARD_NOT_FOUND);
}
