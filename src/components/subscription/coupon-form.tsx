"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Check } from "~/components/ui/icons/check";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import type { SubscriptionView } from "~/lib/schemas/subscription";
import { api } from "~/trpc/react";

import {
  COUPON_FAILED_INLINE,
  COUPON_FAILED_TITLE,
  COUPON_REDEEMED_DESCRIPTION,
  COUPON_REDEEMED_TITLE,
  COUPON_SUCCESS_VISIBLE_MS,
  COUPON_FAILED_FALLBACK,
  validateCouponCode,
} from "./coupon";
import { formatPlanDate } from "./plan";
import { useRefreshPlan } from "./use-refresh-plan";
import { COUPON_CODE_MAX_LENGTH } from "~/lib/rules/subscription";

type FieldError = { title: string; reason?: string };

function successMessage(plan: SubscriptionView): string {
  if (plan.premiumSource === "coupon" && plan.currentPeriodEnd) return `Coupon redeemed. You have Premium until ${formatPlanDate(plan.currentPeriodEnd)}.`;
  return `Coupon redeemed. ${COUPON_REDEEMED_DESCRIPTION}`;
}

/** Premium from a coupon code: the plan updates in place, and a banner confirms it for a few seconds. */
export function CouponForm() {
  const utils = api.useUtils();
  const refreshPlan = useRefreshPlan();
  const [code, setCode] = useState("");
  const [error, setError] = useState<FieldError | null>(null);
  // A fresh object per redemption, so a second success restarts the banner's timer.
  const [success, setSuccess] = useState<{ message: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), COUPON_SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const redeem = api.subscription.redeemCoupon.useMutation({
    onSuccess(result) {
      utils.subscription.get.setData(undefined, result.subscription);
      void refreshPlan();
      setCode("");
      setError(null);
      setSuccess({ message: successMessage(result.subscription) });
      toast({ title: COUPON_REDEEMED_TITLE, description: COUPON_REDEEMED_DESCRIPTION });
    },
    onError(failure) {
      const reason = failureText(failure, COUPON_FAILED_FALLBACK);
      setSuccess(null);
      setError({ title: COUPON_FAILED_INLINE, reason });
      toast({ variant: "destructive", title: COUPON_FAILED_TITLE, description: reason });
      input.current?.focus();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (redeem.isPending) return;
    const message = validateCouponCode(code);
    if (message) {
      setError({ title: message });
      input.current?.focus();
      return;
    }
    redeem.mutate({ code: code.trim() });
  }

  const invalid = validateCouponCode(code);
  // Spaces alone keep the button disabled; say why rather than leave the learner guessing.
  const shownError = error ?? (code !== "" && invalid ? { title: invalid } : null);
  const errorId = "coupon-code-error";
  return (
    <section aria-labelledby="coupon-title">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="coupon-title">
            Redeem a Coupon
          </CardTitle>
          <CardDescription>Have a coupon code? Redeem it for Premium.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate aria-label="Redeem coupon" data-testid="coupon-form" className="grid gap-3">
            <Label htmlFor="coupon-code">Coupon code</Label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Input
                ref={input}
                id="coupon-code"
                name="code"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  if (error) setError(null);
                }}
                placeholder="e.g. WELCOME2025"
                maxLength={COUPON_CODE_MAX_LENGTH}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-required="true"
                aria-invalid={shownError ? true : undefined}
                aria-describedby={shownError ? errorId : undefined}
              />
              <Button type="submit" disabled={redeem.isPending || invalid !== null} className="sm:w-32">
                {redeem.isPending ? <Spinner tone="current" /> : null}
                Redeem
              </Button>
            </div>
            {shownError ? (
              <div id={errorId} className="grid gap-1 text-sm">
                <p className="font-medium text-destructive dark:text-red-300">{shownError.title}</p>
                {shownError.reason ? <p className="text-muted-foreground">{shownError.reason}</p> : null}
              </div>
            ) : null}
            <div role="status">
              {success ? (
                <p
                  data-testid="coupon-success"
                  className="flex items-center gap-2 rounded-md border border-green-600 bg-green-50 p-3 text-sm font-medium text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100"
                >
                  <Check aria-hidden="true" className="size-4 shrink-0" />
                  {success.message}
                </p>
              ) : null}
            </div>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
