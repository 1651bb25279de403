import { Search } from "~/components/ui/icons/search";
import { Input } from "~/components/ui/input";

import { SearchForm } from "./search-form";

/** For now a search offers to create a course on the topic; searching your own courses comes later. */
export function HeaderSearch({ className }: { className?: string }) {
  return (
    <SearchForm className={className}>
      <label htmlFor="header-search" className="sr-only">
        Search for a topic
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="header-search"
        type="search"
        name="topic"
        placeholder="Search for any technology topic..."
        autoComplete="off"
        enterKeyHint="search"
        leadingIcon
      />
    </SearchForm>
  );
}
