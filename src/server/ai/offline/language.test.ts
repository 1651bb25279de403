import { describe, expect, it } from "vitest";

import { detectLanguage, transcriptLanguage } from "./language";

describe("detectLanguage", () => {
  it("names the language of a paragraph by its two-letter code", () => {
    expect(detectLanguage("The derivative of a function tells you how fast its output changes when the input moves a little.")).toBe("en");
    expect(detectLanguage("La derivada de una función te dice qué tan rápido cambia su salida cuando la entrada se mueve un poco.")).toBe("es");
    expect(detectLanguage("Die Ableitung einer Funktion sagt dir, wie schnell sich ihre Ausgabe ändert, wenn sich die Eingabe ein wenig bewegt.")).toBe("de");
    expect(detectLanguage("関数の導関数は、入力が少し動いたときに出力がどれだけ速く変化するかを教えてくれます。これはとても大切な考え方です。")).toBe("ja");
    expect(detectLanguage("函数的导数告诉你当输入稍微移动时，它的输出变化有多快。这是微积分里最重要的想法之一，我们会反复用到它。")).toBe("zh");
    expect(detectLanguage("تخبرك مشتقة الدالة بمدى سرعة تغير مخرجاتها عندما يتحرك المدخل قليلاً، وهذه فكرة أساسية في التفاضل.")).toBe("ar");
  });

  it("keeps English when there is too little text to tell", () => {
    expect(detectLanguage("Hola")).toBe("en");
    expect(detectLanguage("")).toBe("en");
    // franc ranks German first on this sentence, English close behind.
    expect(detectLanguage("A hash map stores values under keys.")).toBe("en");
    // A short text clearly in another language is still named.
    expect(detectLanguage("Una tabla hash guarda valores bajo sus claves.")).toBe("es");
  });
});

describe("transcriptLanguage", () => {
  it("reads a sample spread over the transcript, so an intro in another language does not decide", () => {
    const spanish = "Ahora vamos a calcular la pendiente de la recta tangente en cada punto de la curva.";
    const segments = [
      { text: "Welcome back to the channel, everybody, and thanks for watching this video today!" },
      ...Array.from({ length: 200 }, () => ({ text: spanish })),
    ];
    expect(transcriptLanguage(segments)).toBe("es");
    expect(transcriptLanguage([])).toBe("en");
  });
});
