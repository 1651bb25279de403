-- Issue 46: LTI 1.3 platforms, logins (state and nonce kept here, used once), identities, contexts and
-- their classes, launches, and the tool's signing keys (docs/lti.md).

-- CreateTable
CREATE TABLE "LtiPlatform" (
    "id" SERIAL NOT NULL,
    "issuer" VARCHAR(255) NOT NULL,
    "clientId" VARCHAR(255) NOT NULL,
    "deploymentIds" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "authUrl" VARCHAR(2048) NOT NULL,
    "tokenUrl" VARCHAR(2048) NOT NULL,
    "jwksUrl" VARCHAR(2048) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LtiPlatform_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LtiLogin" (
    "state" VARCHAR(64) NOT NULL,
    "nonce" VARCHAR(64) NOT NULL,
    "platformId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "LtiLogin_pkey" PRIMARY KEY ("state")
);

-- CreateTable
CREATE TABLE "LtiIdentity" (
    "issuer" VARCHAR(255) NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LtiIdentity_pkey" PRIMARY KEY ("issuer","subject")
);

-- CreateTable
CREATE TABLE "LtiContext" (
    "id" SERIAL NOT NULL,
    "issuer" VARCHAR(255) NOT NULL,
    "deploymentId" VARCHAR(255) NOT NULL,
    "contextId" VARCHAR(255) NOT NULL,
    "title" VARCHAR(255),
    "classId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LtiContext_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LtiContextMember" (
    "contextId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "instructor" BOOLEAN NOT NULL,
    "lastLaunchAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LtiContextMember_pkey" PRIMARY KEY ("contextId","userId")
);

-- CreateTable
CREATE TABLE "LtiLaunch" (
    "id" UUID NOT NULL,
    "platformId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "messageType" VARCHAR(64) NOT NULL,
    "deploymentId" VARCHAR(255) NOT NULL,
    "contextId" INTEGER,
    "claims" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LtiLaunch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LtiToolKey" (
    "kid" VARCHAR(64) NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "privateJwk" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "activeFrom" TIMESTAMP(3) NOT NULL,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "LtiToolKey_pkey" PRIMARY KEY ("kid")
);

-- CreateIndex
CREATE UNIQUE INDEX "LtiPlatform_issuer_clientId_key" ON "LtiPlatform"("issuer", "clientId");

-- CreateIndex
CREATE UNIQUE INDEX "LtiLogin_nonce_key" ON "LtiLogin"("nonce");

-- CreateIndex
CREATE INDEX "LtiLogin_expiresAt_idx" ON "LtiLogin"("expiresAt");

-- CreateIndex
CREATE INDEX "LtiIdentity_userId_idx" ON "LtiIdentity"("userId");

-- CreateIndex
CREATE INDEX "LtiContext_classId_idx" ON "LtiContext"("classId");

-- CreateIndex
CREATE UNIQUE INDEX "LtiContext_issuer_deploymentId_contextId_key" ON "LtiContext"("issuer", "deploymentId", "contextId");

-- CreateIndex
CREATE INDEX "LtiContextMember_userId_idx" ON "LtiContextMember"("userId");

-- CreateIndex
CREATE INDEX "LtiLaunch_userId_idx" ON "LtiLaunch"("userId");

-- CreateIndex
CREATE INDEX "LtiLaunch_expiresAt_idx" ON "LtiLaunch"("expiresAt");

-- AddForeignKey
ALTER TABLE "LtiLogin" ADD CONSTRAINT "LtiLogin_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "LtiPlatform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiIdentity" ADD CONSTRAINT "LtiIdentity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiContext" ADD CONSTRAINT "LtiContext_classId_fkey" FOREIGN KEY ("classId") REFERENCES "Class"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiContextMember" ADD CONSTRAINT "LtiContextMember_contextId_fkey" FOREIGN KEY ("contextId") REFERENCES "LtiContext"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiContextMember" ADD CONSTRAINT "LtiContextMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiLaunch" ADD CONSTRAINT "LtiLaunch_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "LtiPlatform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LtiLaunch" ADD CONSTRAINT "LtiLaunch_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- AddForeignKey
ALTER TABLE "LtiLaunch" ADD CONSTRAINT "LtiLaunch_contextId_fkey" FOREIGN KEY ("contextId") REFERENCES "LtiContext"("id") ON DELETE SET NULL ON UPDATE CASCADE;
