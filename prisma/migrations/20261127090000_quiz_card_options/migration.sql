-- Cards made from a missed choice question showed only its stem ("Which statement does the video
-- make in this section?"), which cannot be answered without the options. As quizCardFront
-- (src/server/services/cards/quiz-cards.ts) now writes them, such a card keeps the options under
-- its stem, lettered A., B., … one a line; a cloze (its stem holds a blank) stays as it is. Only
-- a card whose front is still its question's bare stem changes, so a second run changes nothing.
UPDATE "Card" c
SET front = q."questionText" || E'\n\n' || (
  SELECT string_agg(chr(64 + o.n::int) || '. ' || o.option, E'\n' ORDER BY o.n)
  FROM unnest(q.options) WITH ORDINALITY AS o(option, n)
)
FROM "QuizQuestion" q
WHERE c."questionId" = q.id
  AND c.source = 'quiz'
  AND c.front = q."questionText"
  AND q."questionText" !~ '_{3,}'
  AND cardinality(q.options) > 0;

-- No two cards of a learner's course share a front: a later quiz card repeating an earlier card's
-- front gets its moment ("(at m:ss)"), then, if it still repeats one, a number (distinctFront).
WITH ranked AS (
  SELECT id, floor(greatest("timeSeconds", 0))::bigint AS t,
         row_number() OVER (PARTITION BY "userId", "courseId", front ORDER BY id) AS n
  FROM "Card"
)
UPDATE "Card" c
SET front = c.front || E'\n\n(at ' || CASE
    WHEN r.t >= 3600 THEN (r.t / 3600) || ':' || lpad(((r.t % 3600) / 60)::text, 2, '0') || ':' || lpad((r.t % 60)::text, 2, '0')
    ELSE (r.t / 60) || ':' || lpad((r.t % 60)::text, 2, '0')
  END || ')'
FROM ranked r
WHERE r.id = c.id AND r.n > 1 AND c.source = 'quiz' AND c."timeSeconds" IS NOT NULL;

WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY "userId", "courseId", front ORDER BY id) AS n
  FROM "Card"
)
UPDATE "Card" c
SET front = c.front || ' (' || r.n || ')'
FROM ranked r
WHERE r.id = c.id AND r.n > 1 AND c.source = 'quiz';
