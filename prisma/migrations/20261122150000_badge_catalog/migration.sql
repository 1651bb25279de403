-- The badges the app awards (src/server/services/gamification/badges.ts names them by key).
INSERT INTO "Badge" ("key", "type", "name", "description", "threshold") VALUES
  ('streak-3', 'streak', 'On a Roll', 'Learned 3 days in a row', 3),
  ('streak-7', 'streak', 'Week Warrior', 'Learned 7 days in a row', 7),
  ('streak-30', 'streak', 'Unstoppable', 'Learned 30 days in a row', 30),
  ('course-1', 'completion', 'Course Finisher', 'Completed your first course', 1),
  ('course-5', 'completion', 'Dedicated Learner', 'Completed 5 courses', 5),
  ('quiz-perfect-1', 'quiz', 'Perfect Score', 'Answered every question of a quiz correctly', 1),
  ('quiz-master', 'quiz', 'Quiz Master', 'Completed 5 quizzes with perfect scores', 5),
  ('challenge-1', 'challenge', 'Challenge Accepted', 'Completed your first daily challenge', 1)
ON CONFLICT ("key") DO NOTHING;
