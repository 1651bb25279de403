import type { Metadata } from "next";

import { SubscriptionSuccess } from "~/components/subscription/subscription-success";

export const metadata: Metadata = { title: "Subscription Successful" };

export default function SubscriptionSuccessPage() {
  return <SubscriptionSuccess />;
}
