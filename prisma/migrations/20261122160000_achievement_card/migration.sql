-- The public achievements card (/achievements/{id}): a random slug, set while the learner shares it.
ALTER TABLE "User" ADD COLUMN "achievementCardId" VARCHAR(32);

CREATE UNIQUE INDEX "User_achievementCardId_key" ON "User"("achievementCardId");
