import { describe, expect, it } from "vitest";

import { indexTermPhrases, termFallbackTitle, termTitleCandidates } from "./term-phrases";
import { tokenize } from "~/server/language/text";
import { rankKeyPhrases } from "./titles";

const surfacesOf = (lines: string[], language: string) => indexTermPhrases(lines, language).phrases.map((p) => [...p.surfaces.keys()][0]);

function titlesOf(lines: string[], language: string): string[] {
  const index = indexTermPhrases(lines, language);
  const [ranked] = rankKeyPhrases(index, [{ start: 0, end: lines.length }]);
  return termTitleCandidates(ranked ?? [], language);
}

describe("indexTermPhrases", () => {
  it("joins content words said next to each other, and Romance nouns linked by 'de' (with an article)", () => {
    const surfaces = surfacesOf(["La derivada de la función exponencial crece muy rápido."], "es");
    expect(surfaces).toContain("derivada de la función exponencial");
    expect(surfaces).toContain("función exponencial");
    expect(surfaces).not.toContain("derivada de la"); // a phrase never ends on its link
  });

  it("never crosses punctuation, and keeps adverbs in -mente out", () => {
    const surfaces = surfacesOf(["Calculamos la derivada, función aparte.", "Crece rápidamente."], "es");
    expect(surfaces).not.toContain("derivada, función");
    expect(surfaces.some((s) => s?.includes("rápidamente"))).toBe(false);
  });

  it("in Japanese, joins dictionary words with no space between them and leaves inflected words out", () => {
    const surfaces = surfacesOf(["関数の変化率を求める。", "とても美しい図形です。"], "ja");
    expect(surfaces).toContain("変化率");
    expect(surfaces).toContain("関数");
    expect(surfaces).not.toContain("求める");
    expect(surfaces).not.toContain("美しい");
  });

  it("in German, ends a phrase on a noun, which German capitalises", () => {
    const surfaces = surfacesOf(["Die lokale Ableitung wächst schnell."], "de");
    expect(surfaces).toContain("lokale Ableitung");
    expect(surfaces).not.toContain("lokale");
  });

  it("keeps the spoken fillers English drops out of phrases, while they still count for cohesion", () => {
    // "Einfach" ("simply"), "llamada" ("called"), "forma" ("way"): no title is made of them.
    const german = surfacesOf(["Einfach mehrere Werte der Funktion."], "de");
    expect(german).toContain("mehrere Werte");
    expect(german.some((s) => s?.toLowerCase().includes("einfach"))).toBe(false);
    expect(surfacesOf(["Llamada eje horizontal.", "Otra forma de pensar la derivada."], "es").some((s) => /llamada|forma/i.test(s ?? ""))).toBe(false);
    expect(tokenize("Einfach mehrere Werte", "de")).toContain(tokenize("einfach", "de")[0]);
  });
});

describe("termTitleCandidates", () => {
  it("titles a span with its key phrase of two content words or more, first letter capitalised", () => {
    const lines = [
      "La derivada de la función exponencial es ella misma.",
      "Por eso la derivada de la función exponencial es especial.",
      "Veamos un ejemplo numérico.",
    ];
    const titles = titlesOf(lines, "es");
    expect(titles[0]).toBe("Derivada de la función exponencial");
    for (const title of titles) expect(title.split(" ").length).toBeGreaterThanOrEqual(2);
  });

  it("never titles with a lone word, even a whole Chinese term", () => {
    const titles = titlesOf(["导数的定义。", "导数很重要。", "我们再看导数。"], "zh");
    expect(titles).not.toContain("导数");
    for (const title of titles) expect(tokenize(title, "zh").length).toBeGreaterThanOrEqual(2);
  });
});

describe("termFallbackTitle", () => {
  it("keeps the base as written, with the part in brackets", () => {
    expect(termFallbackTitle("  Derivadas  y funciones ", "es", 2)).toBe("Derivadas y funciones (2)");
    expect(termFallbackTitle("Derivadas", "es")).toBe("Derivadas");
  });

  it("cuts a long base at its first separator and its sixth word, and drops function words at its end", () => {
    expect(termFallbackTitle("デリバティブを視覚化するもう 1 つの方法 |第12章 微積分の本質", "ja", 4)).toBe("デリバティブを視覚化 (4)");
    expect(termFallbackTitle("Una forma de ver las derivadas que se generaliza mejor", "es")).toBe("Una forma de ver las derivadas");
    expect(termFallbackTitle("La forma de la", "es", 1)).toBe("La forma (1)");
  });
});
