-- An owner regenerates one section of a course (services/editing/regenerate.ts) as a job of the
-- same runtime as course generation: same claim, heartbeat, retries and progress, told apart by kind.
ALTER TABLE "GenerationJob" ADD COLUMN "kind" VARCHAR(16) NOT NULL DEFAULT 'course';
