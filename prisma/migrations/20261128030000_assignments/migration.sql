-- CreateTable
CREATE TABLE "Assignment" (
    "id" SERIAL NOT NULL,
    "classId" INTEGER NOT NULL,
    "courseId" INTEGER NOT NULL,
    "assignedById" INTEGER,
    "dueAt" TIMESTAMP(3),
    "note" VARCHAR(1000),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuestionOutcome" (
    "userId" INTEGER NOT NULL,
    "questionId" INTEGER NOT NULL,
    "courseId" INTEGER NOT NULL,
    "credit" DOUBLE PRECISION NOT NULL,
    "answeredAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QuestionOutcome_pkey" PRIMARY KEY ("userId","questionId")
);

-- CreateIndex
CREATE INDEX "Assignment_courseId_idx" ON "Assignment"("courseId");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_classId_courseId_key" ON "Assignment"("classId", "courseId");

-- CreateIndex
CREATE INDEX "QuestionOutcome_userId_courseId_idx" ON "QuestionOutcome"("userId", "courseId");

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_classId_fkey" FOREIGN KEY ("classId") REFERENCES "Class"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionOutcome" ADD CONSTRAINT "QuestionOutcome_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionOutcome" ADD CONSTRAINT "QuestionOutcome_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "QuizQuestion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionOutcome" ADD CONSTRAINT "QuestionOutcome_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Each learner's latest answer to each question, from the attempts stored so far (an attempt
-- stored before open questions has no credit: right is 1, wrong 0).
INSERT INTO "QuestionOutcome" ("userId", "questionId", "courseId", "credit", "answeredAt")
SELECT DISTINCT ON (a."userId", q.id) a."userId", q.id, ch."courseId",
       coalesce((e->>'credit')::double precision, CASE WHEN (e->>'correct')::boolean THEN 1 ELSE 0 END),
       a."createdAt"
FROM "QuizAttempt" a
CROSS JOIN LATERAL jsonb_array_elements(a.answers) e
JOIN "QuizQuestion" q ON q.id = (e->>'questionId')::int AND q."quizId" = a."quizId"
JOIN "Quiz" z ON z.id = q."quizId"
JOIN "Section" s ON s.id = z."sectionId"
JOIN "Chapter" ch ON ch.id = s."chapterId"
WHERE jsonb_typeof(a.answers) = 'array'
ORDER BY a."userId", q.id, a."createdAt" DESC, a.id DESC;
