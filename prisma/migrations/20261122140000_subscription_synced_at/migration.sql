-- When the stored subscription was read from Stripe: of two webhooks that read it at different
-- moments, the later read wins, whichever transaction commits first.
ALTER TABLE "Subscription" ADD COLUMN "stripeSyncedAt" TIMESTAMP(3);
