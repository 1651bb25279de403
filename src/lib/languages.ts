/**
 * The languages a course can be written in: those the offline engine has words, stop words and
 * wording for (src/server/ai/offline), so a course in any of them is good without a model.
 * Codes are BCP 47 primary subtags; the interface names each in its own script.
 */
export const COURSE_LANGUAGES = [
  { code: "en", name: "English", label: "English" },
  { code: "es", name: "Spanish", label: "Español" },
  { code: "de", name: "German", label: "Deutsch" },
  { code: "fr", name: "French", label: "Français" },
  { code: "pt", name: "Portuguese", label: "Português" },
  { code: "ja", name: "Japanese", label: "日本語" },
  { code: "zh", name: "Chinese", label: "中文" },
  { code: "ar", name: "Arabic", label: "العربية" },
  { code: "hi", name: "Hindi", label: "हिन्दी" },
] as const;

export type CourseLanguage = (typeof COURSE_LANGUAGES)[number]["code"];

export const DEFAULT_COURSE_LANGUAGE: CourseLanguage = "en";

const CODES: ReadonlySet<string> = new Set(COURSE_LANGUAGES.map((language) => language.code));

export function isCourseLanguage(code: string): code is CourseLanguage {
  return CODES.has(code);
}

/** The primary subtag of a BCP 47 tag, lower-cased: "pt-BR" → "pt", "zh_Hant" → "zh". */
export function baseLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
}

/**
 * The course language a BCP 47 tag asks for ("es-MX" → "es"), or null when the tag is malformed
 * or names a language courses are not written in.
 */
export function courseLanguageOf(tag: string): CourseLanguage | null {
  let canonical: string | undefined;
  try {
    [canonical] = Intl.getCanonicalLocales(tag.trim());
  } catch {
    return null;
  }
  const base = canonical === undefined ? "" : baseLanguage(canonical);
  return isCourseLanguage(base) ? base : null;
}

/** The first of the browser's preferred languages that courses are written in, else English. */
export function preferredCourseLanguage(browserLanguages: readonly string[]): CourseLanguage {
  for (const tag of browserLanguages) {
    const language = courseLanguageOf(tag);
    if (language) return language;
  }
  return DEFAULT_COURSE_LANGUAGE;
}

/** A language's name in English ("Spanish"), for prompts and notices; the code itself when unknown. */
export function languageName(code: string): string {
  return COURSE_LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

/** The label a learner reads: the language in its own script ("Español"). */
export function languageLabel(code: string): string {
  return COURSE_LANGUAGES.find((language) => language.code === code)?.label ?? code;
}
