-- Issue 46: grades back (AGS: each learner's line item per resource link, the scores owed to them, one row per
-- line item and learner, and the platforms' access tokens) and rosters (NRPS: a context's memberships URL). docs/lti.md.

-- CreateEnum
CREATE TYPE "LtiScoreStatus" AS ENUM ('queued', 'sending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "LtiContext" ADD COLUMN     "membershipsUrl" VARCHAR(2048),
ADD COLUMN     "platformId" INTEGER;

-- CreateTable
CREATE TABLE "LtiLineItem" (
    "id" SERIAL NOT NULL,
    "platformId" INTEGER NOT NULL,
    "resourceLinkId" VARCHAR(255) NOT NULL,
    "userId" INTEGER NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "courseId" INTEGER,
    "lineItemUrl" VARCHAR(2048),
    "lineItemKey" CHAR(64),
    "lineItemsUrl" VARCHAR(2048),
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LtiLineItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LtiScore" (
    "id" SERIAL NOT NULL,
    "platformId" INTEGER NOT NULL,
    "lineItemKey" CHAR(64) NOT NULL,
    "lineItemUrl" VARCHAR(2048) NOT NULL,
    "userId" INTEGER NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "courseId" INTEGER NOT NULL,
    "scoreGiven" DOUBLE PRECISION,
    "activityProgress" VARCHAR(16) NOT NULL,
    "gradingProgress" VARCHAR(16) NOT NULL,
    "scoredAt" TIMESTAMP(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "sentVersion" INTEGER,
    "status" "LtiScoreStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claims" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LtiScore_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LtiAccessToken" (
    "platformId" INTEGER NOT NULL,
    "scope" VARCHAR(512) NOT NULL,
    "token" VARCHAR(4096) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LtiAccessToken_pkey" PRIMARY KEY ("platformId","scope")
);

-- CreateIndex
CREATE INDEX "LtiLineItem_userId_courseId_idx" ON "LtiLineItem"("userId", "courseId");

-- CreateIndex
CREATE UNIQUE INDEX "LtiLineItem_platformId_resourceLinkId_userId_key" ON "LtiLineItem"("platformId", "resourceLinkId", "userId");

-- CreateIndex
CREATE INDEX "LtiScore_status_nextAttemptAt_idx" ON "LtiScore"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "LtiScore_userId_idx" ON "LtiScore"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "LtiScore_platformId_lineItemKey_userId_key" ON "LtiScore"("platformId", "lineItemKey", "userId");

-- AddForeignKey
ALTER TABLE "LtiContext" ADD CONSTRAINT "LtiContext_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "LtiPlatform"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiLineItem" ADD CONSTRAINT "LtiLineItem_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "LtiPlatform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiLineItem" ADD CONSTRAINT "LtiLineItem_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiScore" ADD CONSTRAINT "LtiScore_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "LtiPlatform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiScore" ADD CONSTRAINT "LtiScore_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiAccessToken" ADD CONSTRAINT "LtiAccessToken_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "LtiPlatform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

