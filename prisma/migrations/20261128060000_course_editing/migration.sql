-- Owners edit their courses in place (services/editing). A section an edit takes out of the outline
-- (merged away, a split undone) and a question the owner deletes are kept, detached: their quiz,
-- attempts, completions, cards and mastery stay, and restoring a version puts them back. Every
-- statement that reads the outline goes through Chapter (sections) or Quiz (questions), so a
-- detached row drops out of it by itself.
-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Section" ADD COLUMN     "retiredCourseId" INTEGER,
ALTER COLUMN "chapterId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "QuizQuestion" ADD COLUMN     "retiredQuizId" INTEGER,
ALTER COLUMN "quizId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "CourseVersion" (
    "courseId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "userId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "change" JSONB NOT NULL,
    "outline" JSONB NOT NULL,

    CONSTRAINT "CourseVersion_pkey" PRIMARY KEY ("courseId","version")
);

-- CreateIndex
CREATE INDEX "Section_retiredCourseId_idx" ON "Section"("retiredCourseId");

-- CreateIndex
CREATE INDEX "QuizQuestion_retiredQuizId_idx" ON "QuizQuestion"("retiredQuizId");

-- AddForeignKey
ALTER TABLE "Section" ADD CONSTRAINT "Section_retiredCourseId_fkey" FOREIGN KEY ("retiredCourseId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizQuestion" ADD CONSTRAINT "QuizQuestion_retiredQuizId_fkey" FOREIGN KEY ("retiredQuizId") REFERENCES "Quiz"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourseVersion" ADD CONSTRAINT "CourseVersion_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourseVersion" ADD CONSTRAINT "CourseVersion_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- In a chapter or out of the outline, never both or neither.
ALTER TABLE "Section" ADD CONSTRAINT "Section_in_outline_or_retired" CHECK (("chapterId" IS NULL) <> ("retiredCourseId" IS NULL));
ALTER TABLE "QuizQuestion" ADD CONSTRAINT "QuizQuestion_in_quiz_or_retired" CHECK (("quizId" IS NULL) <> ("retiredQuizId" IS NULL));

-- The course tree the app caches carries the version: announce its change like the title's.
DROP TRIGGER "Course_changed_update" ON "Course";
CREATE TRIGGER "Course_changed_update" AFTER UPDATE ON "Course" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title
        OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD."thumbnailUrl" IS DISTINCT FROM NEW."thumbnailUrl"
        OR OLD.complexity IS DISTINCT FROM NEW.complexity
        OR OLD."videoId" IS DISTINCT FROM NEW."videoId"
        OR OLD."isPublic" IS DISTINCT FROM NEW."isPublic"
        OR OLD.engine IS DISTINCT FROM NEW.engine
        OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD."userId" IS DISTINCT FROM NEW."userId"
        OR OLD.version IS DISTINCT FROM NEW.version)
  EXECUTE FUNCTION "notify_course_changed"();
