"use client";

import { useState } from "react";

import { toast } from "~/hooks/use-toast";
import { useSessionUser } from "~/hooks/use-session";

import { savedCourseIds } from "./offline-flags";

/**
 * "Available offline" on the course page: keeps the course and its due cards on the device, or
 * drops them. The offline store loads (a dynamic import) only when the learner switches it.
 */
export function OfflineToggle({ courseId }: { courseId: number }) {
  const { user } = useSessionUser();
  // The course page renders in the browser only (ProtectedRoute): localStorage is there.
  const [saved, setSaved] = useState(() => typeof window !== "undefined" && savedCourseIds().includes(courseId));
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!user || busy) return;
    setBusy(true);
    try {
      const store = await import("./save-course");
      if (saved) await store.removeCourseOffline(courseId);
      else await store.saveCourseOffline(courseId, user.id);
      setSaved(!saved);
      toast({
        title: saved ? "Removed from this device" : "Available offline",
        description: saved ? undefined : "The course and its due cards are saved on this device.",
      });
    } catch {
      toast({ variant: "destructive", title: "Could not save the course for offline use", description: "Check your connection and try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-xs font-medium">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={saved}
        disabled={busy || !user}
        onChange={() => void toggle()}
        data-testid="offline-toggle"
      />
      Available offline
    </label>
  );
}
