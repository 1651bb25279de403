"use client";

import { Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";

/** For now a search offers to create a course on the topic; searching your own courses comes later. */
export function HeaderSearch({ className }: { className?: string }) {
  const router = useRouter();
  const [text, setText] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const topic = text.trim();
    if (!topic) return;
    router.push(`/create-course?${new URLSearchParams({ topic }).toString()}`);
  }

  return (
    <form role="search" aria-label="Topic search" onSubmit={onSubmit} className={cn("relative", className)}>
      <label htmlFor="header-search" className="sr-only">
        Search for a topic
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="header-search"
        type="search"
        name="topic"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search for any technology topic..."
        autoComplete="off"
        enterKeyHint="search"
        className="pl-9"
      />
    </form>
  );
}
