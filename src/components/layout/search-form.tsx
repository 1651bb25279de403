"use client";

import { useRouter } from "next/navigation";
import type { FormEvent, ReactNode } from "react";

import { cn } from "~/components/ui/cn";

/** The behaviour of the header's search (its fields are server-rendered children): a topic opens course creation. */
export function SearchForm({ className, children }: { className?: string; children: ReactNode }) {
  const router = useRouter();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const topic = String(new FormData(event.currentTarget).get("topic") ?? "").trim();
    if (!topic) return;
    router.push(`/create-course?${new URLSearchParams({ topic }).toString()}`);
  }

  return (
    <form role="search" aria-label="Topic search" onSubmit={onSubmit} className={cn("relative", className)}>
      {children}
    </form>
  );
}
