"use client";

import { useSearchParams } from "next/navigation";

const MAX_TOPIC_LENGTH = 200;

/** The topic passed as ?topic= (from the header search), if any. */
export function RequestedTopic() {
  const topic = useSearchParams().get("topic")?.trim().slice(0, MAX_TOPIC_LENGTH);
  if (!topic) return null;
  return (
    <p>
      Your topic: <strong className="text-foreground">{topic}</strong>
    </p>
  );
}
