-- The badge for reviewing cards 7 days in a row (src/server/services/gamification/badges.ts names it by key).
INSERT INTO "Badge" ("key", "type", "name", "description", "threshold") VALUES
  ('review-streak-7', 'streak', 'Steady Reviewer', 'Reviewed cards 7 days in a row', 7)
ON CONFLICT ("key") DO NOTHING;
