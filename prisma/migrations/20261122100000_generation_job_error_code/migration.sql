-- AlterTable
ALTER TABLE "GenerationJob" ADD COLUMN     "errorCode" VARCHAR(32);
