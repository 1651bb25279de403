/**
 * Light, dark or system theme: the choice is kept in localStorage under "theme" (the system's
 * prefers-color-scheme until the learner picks one) and shown as a "light"/"dark" class and
 * color-scheme on <html>.
 *
 * ThemeScript runs `themeScript` inline before the first paint, and it keeps <html> in step
 * afterwards: when the system theme changes while "system" is chosen (or nothing is), and on every `storage` event
 * for the key, whether from another tab or from `storeTheme` in this one.
 */
export const THEME_STORAGE_KEY = "theme";
export const DEFAULT_THEME = "system";
const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** Sent to the browser as source text: it must stay self-contained (no imports, no outer variables). */
export function themeScript(storageKey: string, fallback: string) {
  const root = document.documentElement;
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const stored = () => {
    try {
      return localStorage.getItem(storageKey) || fallback;
    } catch {
      return fallback;
    }
  };
  const apply = (theme: string, suppressTransitions: boolean) => {
    const resolved = theme === "system" ? (media.matches ? "dark" : "light") : theme;
    let freeze: HTMLStyleElement | null = null;
    if (suppressTransitions) {
      freeze = document.createElement("style");
      freeze.textContent = "*,*::before,*::after{transition:none!important}";
      document.head.appendChild(freeze);
    }
    root.classList.remove("light", "dark");
    root.classList.add(resolved);
    if (resolved === "light" || resolved === "dark") root.style.colorScheme = resolved;
    if (freeze) {
      const style = freeze;
      window.getComputedStyle(document.body);
      setTimeout(() => style.remove(), 1);
    }
  };
  apply(stored(), false);
  media.addEventListener("change", () => {
    if (stored() === "system") apply("system", true);
  });
  window.addEventListener("storage", (event) => {
    if (event.key === storageKey) apply(event.newValue || fallback, true);
  });
}

export function readStoredTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return THEMES.find((theme) => theme === value) ?? DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Saves the choice; the storage event lets this tab's themeScript apply it, as other tabs' do. */
export function storeTheme(theme: string) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage disabled: the theme still applies to this page.
  }
  window.dispatchEvent(new StorageEvent("storage", { key: THEME_STORAGE_KEY, newValue: theme }));
}
