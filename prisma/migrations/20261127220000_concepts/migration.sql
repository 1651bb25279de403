-- Concepts shared across courses of one language, the map's links, the concepts each quiz question
-- tests, and each learner's mastery of each concept (services/concepts, services/mastery).
-- CreateEnum
CREATE TYPE "ConceptEdgeKind" AS ENUM ('before', 'with');

-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "conceptsAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Concept" (
    "id" SERIAL NOT NULL,
    "language" VARCHAR(16) NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "label" VARCHAR(200) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Concept_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CourseConcept" (
    "courseId" INTEGER NOT NULL,
    "conceptId" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "definition" TEXT NOT NULL,
    "moments" JSONB NOT NULL,

    CONSTRAINT "CourseConcept_pkey" PRIMARY KEY ("courseId","conceptId")
);

-- CreateTable
CREATE TABLE "ConceptEdge" (
    "courseId" INTEGER NOT NULL,
    "fromId" INTEGER NOT NULL,
    "toId" INTEGER NOT NULL,
    "kind" "ConceptEdgeKind" NOT NULL,

    CONSTRAINT "ConceptEdge_pkey" PRIMARY KEY ("courseId","fromId","toId","kind")
);

-- CreateTable
CREATE TABLE "QuestionConcept" (
    "questionId" INTEGER NOT NULL,
    "conceptId" INTEGER NOT NULL,

    CONSTRAINT "QuestionConcept_pkey" PRIMARY KEY ("questionId","conceptId")
);

-- CreateTable
CREATE TABLE "ConceptMastery" (
    "userId" INTEGER NOT NULL,
    "conceptId" INTEGER NOT NULL,
    "pKnown" DOUBLE PRECISION NOT NULL,
    "evidenceCount" INTEGER NOT NULL,
    "lastEvidenceAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConceptMastery_pkey" PRIMARY KEY ("userId","conceptId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Concept_language_key_key" ON "Concept"("language", "key");

-- CreateIndex
CREATE INDEX "CourseConcept_conceptId_idx" ON "CourseConcept"("conceptId");

-- CreateIndex
CREATE INDEX "ConceptEdge_fromId_idx" ON "ConceptEdge"("fromId");

-- CreateIndex
CREATE INDEX "ConceptEdge_toId_idx" ON "ConceptEdge"("toId");

-- CreateIndex
CREATE INDEX "QuestionConcept_conceptId_idx" ON "QuestionConcept"("conceptId");

-- AddForeignKey
ALTER TABLE "CourseConcept" ADD CONSTRAINT "CourseConcept_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourseConcept" ADD CONSTRAINT "CourseConcept_conceptId_fkey" FOREIGN KEY ("conceptId") REFERENCES "Concept"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConceptEdge" ADD CONSTRAINT "ConceptEdge_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConceptEdge" ADD CONSTRAINT "ConceptEdge_fromId_fkey" FOREIGN KEY ("fromId") REFERENCES "Concept"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConceptEdge" ADD CONSTRAINT "ConceptEdge_toId_fkey" FOREIGN KEY ("toId") REFERENCES "Concept"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionConcept" ADD CONSTRAINT "QuestionConcept_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "QuizQuestion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionConcept" ADD CONSTRAINT "QuestionConcept_conceptId_fkey" FOREIGN KEY ("conceptId") REFERENCES "Concept"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConceptMastery" ADD CONSTRAINT "ConceptMastery_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConceptMastery" ADD CONSTRAINT "ConceptMastery_conceptId_fkey" FOREIGN KEY ("conceptId") REFERENCES "Concept"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The backfill finds the ready courses that have no concepts yet; once it is done this index is empty.
CREATE INDEX "Course_concepts_pending_idx" ON "Course"(id) WHERE "conceptsAt" IS NULL AND status = 'ready';
