import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { CircleHelp } from "~/components/ui/icons/circle-help";

import { HeroActions } from "./hero-actions";

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="rounded-xl border bg-gradient-to-br from-primary/10 via-background to-background px-6 py-12 text-center sm:px-10 sm:py-16"
    >
      <h1 id="hero-title" className="mx-auto max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl lg:text-5xl">
        Transform YouTube Videos into Structured Learning Experiences
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-base text-muted-foreground sm:text-lg">
        Using AI, we convert YouTube content into comprehensive, organized courses that you can learn from, track progress, and even chat about.
      </p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <HeroActions />
        <Link href="/how-it-works" className={buttonVariants({ size: "lg", variant: "outline" })}>
          <CircleHelp aria-hidden="true" />
          Learn How It Works
        </Link>
      </div>
    </section>
  );
}
