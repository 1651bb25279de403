import type { ReactNode } from "react";

import { cn } from "~/components/ui/cn";

type PageContainerProps = { title: string; description?: ReactNode; children?: ReactNode; className?: string };

/** The common page frame: a width-limited column with the page's one <h1>. */
export function PageContainer({ title, description, children, className }: PageContainerProps) {
  return (
    <div className={cn("mx-auto w-full max-w-4xl px-4 py-10 sm:px-6", className)}>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {description ? <div className="mt-3 text-muted-foreground">{description}</div> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
