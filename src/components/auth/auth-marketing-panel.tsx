import { ListChecks } from "~/components/ui/icons/list-checks";
import { MessagesSquare } from "~/components/ui/icons/messages-square";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { TrendingUp } from "~/components/ui/icons/trending-up";

const FEATURES = [
  { icon: Sparkles, text: "Turn any YouTube video into a structured course with chapters and sections" },
  { icon: ListChecks, text: "Check your understanding with a quiz for every section" },
  { icon: TrendingUp, text: "Track your progress, keep a daily streak and earn badges" },
  { icon: MessagesSquare, text: "Chat with an AI assistant about what you are learning" },
] as const;

export function AuthMarketingPanel() {
  return (
    <section aria-labelledby="auth-marketing-title" className="hidden flex-col justify-center bg-primary px-12 py-16 text-primary-foreground lg:flex">
      <h2 id="auth-marketing-title" className="max-w-md text-3xl font-bold tracking-tight">
        Learn anything from the videos you already watch
      </h2>
      <p className="mt-4 max-w-md opacity-90">Pick a topic and CourseCraft builds a course around the best educational video it finds.</p>
      <ul className="mt-10 max-w-md space-y-5">
        {FEATURES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-foreground/15">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="pt-1.5">{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
