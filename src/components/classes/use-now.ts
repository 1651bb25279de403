"use client";

import { useEffect, useState } from "react";

/** The current time, refreshed every minute: due dates turn into "due today" and "overdue" while the page is open. */
export function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
