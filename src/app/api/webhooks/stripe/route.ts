import { handleStripeWebhook } from "~/server/api/stripe-webhook";

// POST /api/webhooks/stripe (production serves it from src/server/api/direct.ts)
const webhook = (req: Request) => handleStripeWebhook(req);
export { webhook as POST };
