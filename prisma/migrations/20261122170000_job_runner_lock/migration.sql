-- The liveness lock of the worker running a job: a free lock means the runner is gone.
ALTER TABLE "GenerationJob" ADD COLUMN "runnerLock" INTEGER;
