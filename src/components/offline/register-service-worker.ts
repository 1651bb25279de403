import { hasPendingOfflineWork } from "./offline-flags";

/**
 * Registers the service worker once the page has loaded (never before: it must not compete with the
 * page), asks it to refresh its offline shell once per tab, and sends what was done offline when the
 * connection is there. The offline store (Dexie) is imported only when something is queued. Answers
 * what stops listening.
 */
export function startServiceWorker(): () => void {
  const sync = () => {
    if (navigator.onLine && hasPendingOfflineWork()) void import("./sync-now").then(({ syncNow }) => syncNow());
  };
  const register = () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then(async (registration) => {
        if (sessionStorage.getItem("coursecraft-shell-refreshed")) return;
        sessionStorage.setItem("coursecraft-shell-refreshed", "1");
        await navigator.serviceWorker.ready;
        registration.active?.postMessage({ type: "refresh-shell" });
      })
      .catch(() => undefined);
    sync();
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
  window.addEventListener("online", sync);
  return () => {
    window.removeEventListener("load", register);
    window.removeEventListener("online", sync);
  };
}
