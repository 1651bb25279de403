import { SearchForm } from "./search-form";

/** The header's search box: courses, chapters and sections as you type, or a new course on the topic. */
export function HeaderSearch({ className }: { className?: string }) {
  return <SearchForm className={className} />;
}
