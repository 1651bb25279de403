import { DEFAULT_THEME, THEME_STORAGE_KEY, themeScript } from "./theme";

/** At the top of <body>: applies the saved theme before the first paint (see theme.ts). */
export function ThemeScript() {
  const source = `(${themeScript.toString()})(${JSON.stringify(THEME_STORAGE_KEY)},${JSON.stringify(DEFAULT_THEME)})`;
  return <script dangerouslySetInnerHTML={{ __html: source }} />;
}
