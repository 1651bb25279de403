import { useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches, kept current. The server (and hydration) answer
 * `serverValue`, so server markup stays deterministic and the client corrects it right after.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
