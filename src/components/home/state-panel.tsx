import type { ReactNode } from "react";

import { Spinner } from "~/components/ui/spinner";

/** The home page's course-list states: a message panel and the loading row. */

export function StatePanel({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{text}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}

export function Loading() {
  return (
    <div className="flex items-center justify-center gap-3 rounded-lg border px-6 py-10 text-muted-foreground">
      <Spinner />
      <p>Loading your educational journey...</p>
    </div>
  );
}
