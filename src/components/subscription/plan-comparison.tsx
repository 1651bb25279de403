import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Check } from "~/components/ui/icons/check";
import type { SubscriptionView } from "~/lib/schemas/subscription";

import { FREE_MONTHLY_COURSES, PREMIUM_PRICE_LABEL } from "./plan";

type Tier = SubscriptionView["subscriptionTier"];

const PLANS: { tier: Tier; name: string; price: string; billing: string; features: string[] }[] = [
  {
    tier: "free",
    name: "Free",
    price: "$0",
    billing: "No card needed",
    features: [`${FREE_MONTHLY_COURSES} course per month`, "AI chat tutor", "Section quizzes", "Progress tracking"],
  },
  {
    tier: "premium",
    name: "Premium",
    price: PREMIUM_PRICE_LABEL,
    billing: "Billed monthly, cancel any time",
    features: ["Unlimited courses", "All premium features", "Priority support", "Everything in Free"],
  },
];

/** Free and Premium side by side, the learner's own plan marked. */
export function PlanComparison({ currentTier }: { currentTier: Tier }) {
  return (
    <section aria-labelledby="compare-plans-title" className="grid gap-4">
      <h2 id="compare-plans-title" className="text-xl font-semibold tracking-tight">
        Compare Plans
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {PLANS.map((plan) => {
          const current = plan.tier === currentTier;
          return (
            <li key={plan.tier}>
              <Card data-testid={`plan-${plan.tier}`} className={cn("h-full", current && "border-2 border-primary")}>
                <CardHeader>
                  <div className="flex items-center justify-between gap-3">
                    <CardTitle>{plan.name}</CardTitle>
                    {current ? <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">Current plan</span> : null}
                  </div>
                  <p className="text-2xl font-bold">{plan.price}</p>
                  <CardDescription>{plan.billing}</CardDescription>
                </CardHeader>
                <CardContent>
                  <ul className="grid gap-2 text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex items-center gap-2">
                        <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
