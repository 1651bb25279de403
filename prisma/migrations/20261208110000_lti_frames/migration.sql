-- Issue 46: the origins a platform's pages frame CourseCraft from (Content-Security-Policy
-- frame-ancestors for the sessions its launches sign in; empty: the issuer's origin), and a deep
-- linking launch answered once.

-- AlterTable
ALTER TABLE "LtiPlatform" ADD COLUMN "frameOrigins" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "LtiLaunch" ADD COLUMN "usedAt" TIMESTAMP(3);
