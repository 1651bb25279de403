import { Button } from "~/components/ui/button";

/** A section's data could not be loaded: say so, and offer to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-3 rounded-lg border border-dashed p-4">
      <p className="text-sm font-medium">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
