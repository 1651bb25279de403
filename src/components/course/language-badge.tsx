import { cn } from "~/components/ui/cn";
import { languageLabel, languageName } from "~/lib/languages";

/** The language a course is written in, named in its own script ("Español"). */
export function LanguageBadge({ language, className }: { language: string; className?: string }) {
  return (
    <span
      data-testid="language-badge"
      title={`Course language: ${languageName(language)}`}
      lang={language}
      className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium text-muted-foreground", className)}
    >
      <span className="sr-only">Course language: </span>
      {languageLabel(language)}
    </span>
  );
}
