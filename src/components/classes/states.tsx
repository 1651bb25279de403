import type { ReactNode } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/** A list being loaded: a labelled spinner in the list's place. */
export function LoadingRow({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-lg border px-4 py-6 text-sm text-muted-foreground">
      <Spinner />
      <span>{label}…</span>
    </div>
  );
}

/** What could not be loaded, with the server's reason and a way to try again. */
export function LoadFailed({ what, message, onRetry }: { what: string; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-dashed p-4">
      <p className="text-sm font-medium">
        Could not load {what}: {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** An empty list: one sentence, and what to do about it. */
export function EmptyNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-dashed px-4 py-6 text-sm text-muted-foreground" data-testid={testId}>
      {children}
    </div>
  );
}

/** A form's error from the server, announced as it appears. */
export function FormError({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
      {message}
    </p>
  );
}
