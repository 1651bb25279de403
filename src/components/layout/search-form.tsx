"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from "react";

import { cn } from "~/components/ui/cn";
import { Search } from "~/components/ui/icons/search";
import { Input } from "~/components/ui/input";
import { useSessionUser } from "~/hooks/use-session";
import { api } from "~/trpc/react";

import { moveActive, searchOptions } from "./search-options";

/** Typing pauses this long before the search runs. */
const DEBOUNCE_MS = 200;

/**
 * The header's search: the signed-in learner's own and public courses, chapters and sections as
 * they type (a combobox: arrows move, Enter opens, Escape closes), and always the offer to create
 * a course on the typed topic, which is also what Enter does with nothing chosen.
 */
export function SearchForm({ className }: { className?: string }) {
  const router = useRouter();
  const { user } = useSessionUser();
  const listId = useId();
  const [value, setValue] = useState("");
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(value.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const search = api.course.search.useQuery(
    { q: query },
    { enabled: Boolean(user) && query.length >= 2, staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
  );
  const options = searchOptions(value.trim(), user && query.length >= 2 ? (search.data ?? []) : []);
  const expanded = open && value.trim().length > 0;

  function go(href: string) {
    setOpen(false);
    setActive(-1);
    setValue("");
    router.push(href);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = expanded ? options[active] : undefined;
    const topic = value.trim();
    if (chosen) go(chosen.href);
    else if (topic) go(`/create-course?${new URLSearchParams({ topic }).toString()}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActive((index) => moveActive(index, event.key === "ArrowDown" ? 1 : -1, options.length));
    } else if (event.key === "Escape" && expanded) {
      // The first Escape closes the list; the next one clears the box, as a search box does.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form role="search" aria-label="Topic search" onSubmit={onSubmit} className={cn("relative", className)}>
      <label htmlFor="header-search" className="sr-only">
        Search for a topic
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="header-search"
        type="search"
        name="topic"
        placeholder="Search for any technology topic..."
        autoComplete="off"
        enterKeyHint="search"
        leadingIcon
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 && active < options.length ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            data-testid="search-option"
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              go(option.href);
            }}
            onMouseEnter={() => setActive(index)}
            className={cn("cursor-pointer rounded-sm px-3 py-2 text-sm", index === active && "bg-accent text-accent-foreground")}
          >
            <span className="block truncate font-medium">{option.label}</span>
            {option.detail ? <span className="block truncate text-xs text-muted-foreground">{option.detail}</span> : null}
          </li>
        ))}
      </ul>
    </form>
  );
}
