"use client";

import { useEffect, useRef, useState } from "react";

/** Whether the element is entirely inside the viewport, below the sticky header (its scroll margin). */
function isFullyInView(element: HTMLElement): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  return top >= margin && bottom <= window.innerHeight;
}

/**
 * The video and the section's heading, brought to the learner when they move to a section:
 * `reveal()` focuses the heading once it is rendered and scrolls the video into view.
 */
export function useSectionReveal() {
  const videoArea = useRef<HTMLDivElement>(null);
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  const [revealed, setRevealed] = useState(0);
  useEffect(() => {
    if (revealed === 0) return;
    sectionHeading.current?.focus({ preventScroll: true });
    const video = videoArea.current;
    if (!video || isFullyInView(video)) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    video.scrollIntoView({ block: "start", behavior: reduceMotion ? "instant" : "smooth" });
  }, [revealed]);
  const reveal = () => setRevealed((count) => count + 1);
  return { videoArea, sectionHeading, reveal };
}
