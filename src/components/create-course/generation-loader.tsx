import { Progress } from "~/components/ui/progress";
import { Spinner } from "~/components/ui/spinner";

import { clampProgress, stageLabel } from "./generation-stage";

type GenerationLoaderProps = { stage: string | undefined; progress: number | undefined; detail?: string | null };

/**
 * The full-screen loader shown while a course is generated: the job's live stage in words and its
 * progress. The stage text is a polite live region, so a screen reader hears each new stage once.
 */
export function GenerationLoader({ stage, progress, detail }: GenerationLoaderProps) {
  const value = clampProgress(progress);
  return (
    <div data-testid="generation-loader" aria-busy="true" className="fixed inset-0 z-50 flex items-center justify-center bg-background/95 p-6 backdrop-blur-sm">
      <div className="flex w-full max-w-md flex-col items-center gap-4 text-center">
        <Spinner size="lg" className="text-primary" />
        <div role="status" aria-live="polite" className="grid gap-2">
          <p className="text-xl font-semibold tracking-tight">Creating your personalized learning experience...</p>
          <p className="text-sm text-muted-foreground">This may take a minute. You can keep this tab open while we build your course.</p>
          <p data-testid="generation-stage" className="font-medium text-primary">
            {stageLabel(stage)}
          </p>
          {detail ? (
            <p data-testid="generation-stage-detail" className="text-sm text-muted-foreground">
              {detail}
            </p>
          ) : null}
        </div>
        <Progress value={value} label="Course generation progress" className="mt-2" />
        <p className="text-xs text-muted-foreground" aria-hidden="true">
          {value}%
        </p>
      </div>
    </div>
  );
}
