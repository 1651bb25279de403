import { Button } from "~/components/ui/button";

import { useMomentLabel } from "../course-text";
import { RotateCcw } from "../icons";

/** A graded question's way back to the moment its answer is explained. */
export function RewatchButton({ seconds, onRewatch }: { seconds: number; onRewatch: (seconds: number) => void }) {
  const momentAt = useMomentLabel();
  return (
    <div>
      <Button variant="outline" size="sm" onClick={() => onRewatch(seconds)}>
        <RotateCcw aria-hidden="true" />
        Rewatch this part
        <span className="sr-only"> (from {momentAt(seconds)})</span>
      </Button>
    </div>
  );
}
