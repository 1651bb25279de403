import { describe, expect, it } from "vitest";

import { createWordClasser } from "./word-class";

describe("createWordClasser", () => {
  it("tags Spanish, French and German words where the sentence says them", () => {
    const es = createWordClasser("es-MX")!;
    expect(es("red", "Pero ¿qué es una red neuronal?")).toBe("noun");
    expect(es("neuronal", "Pero ¿qué es una red neuronal?")).toBe("adjective");
    expect(es("calcular", "Vamos a calcular la pendiente.")).toBe("verb");
    // After an article, a noun, though the tagger reads "derivada" as a verb.
    expect(es("derivada", "La derivada de la función es cero.")).toBe("noun");
    const fr = createWordClasser("fr")!;
    expect(fr("l'étude", "L'étude de la fonction commence ici.")).toBe("noun");
    expect(fr("rapidement", "La courbe monte rapidement.")).toBe("adverb");
    const de = createWordClasser("de")!;
    expect(de("Ableitung", "Die Ableitung ist null.")).toBe("noun");
    expect(de("schnell", "Das geht schnell.")).toBe("adjective");
  });

  it("classes Portuguese and Italian by the endings that mark one class, and nothing else", () => {
    const pt = createWordClasser("pt-BR")!;
    expect([pt("rapidamente", ""), pt("função", ""), pt("provável", ""), pt("calculando", ""), pt("casa", "")]).toEqual([
      "adverb",
      "noun",
      "adjective",
      "verb",
      null,
    ]);
    expect(createWordClasser("it")!("funzione", "")).toBe("noun");
  });

  it("gives no class in a language with neither a tagger nor endings", () => {
    expect(createWordClasser("ja")).toBeNull();
    expect(createWordClasser("hi")).toBeNull();
  });
});
