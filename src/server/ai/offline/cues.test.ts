import { describe, expect, it } from "vitest";

import { cueScore, unitCue } from "./cues";

describe("cueScore", () => {
  it("rates explicit topic changes highest", () => {
    expect(cueScore("All right, let's move on.")).toBe(1);
    expect(cueScore("By the way, here's a fun fact.")).toBe(1);
    expect(cueScore("Finally, we compute the area.")).toBe(1);
    expect(cueScore("“Okay, next up: integrals.”")).toBe(1);
  });

  it("finds a strong marker inside an unpunctuated caption line, at half weight", () => {
    expect(unitCue("the slope is positive all right so now the integral")).toBe(0.5);
    expect(unitCue("all right so now the integral")).toBe(1);
    expect(unitCue("the slope is positive and the area grows")).toBe(0);
    // A punctuated sentence is judged by its opening alone.
    expect(unitCue("The slope is positive, okay, and the area grows.")).toBe(0);
  });

  it("rates a sponsor's message and the return from it as a full turn, wherever the sentence puts it", () => {
    expect(cueScore("But first, this video is sponsored by Brilliant.")).toBe(1);
    expect(cueScore("A big thanks to Brilliant for sponsoring this video.")).toBe(1);
    expect(cueScore("Today's video is brought to you by a VPN.")).toBe(1);
    expect(cueScore("And now back to the video.")).toBe(1);
    expect(unitCue("so that was the setup and this video is sponsored by brilliant")).toBe(1);
    expect(cueScore("The sponsor of the bill was a senator.")).toBe(0);
  });

  it("rates weak openers partly and plain sentences zero", () => {
    expect(cueScore("Now the slope is positive.")).toBeGreaterThan(0);
    expect(cueScore("Now the slope is positive.")).toBeLessThan(1);
    expect(cueScore("The slope is positive.")).toBe(0);
  });
});

describe("openings in other languages", () => {
  it("rate a marker that opens the sentence as a turn, and a weak opener partly", () => {
    expect(cueScore("Muy bien, pasemos a las integrales.", "es")).toBe(1);
    expect(cueScore("Por último, calculamos el área.", "es-419")).toBe(1);
    expect(cueScore("Ahora la pendiente es positiva.", "es")).toBeGreaterThan(0);
    expect(cueScore("Ahora la pendiente es positiva.", "es")).toBeLessThan(1);
    expect(cueScore("La pendiente es positiva.", "es")).toBe(0);
    expect(cueScore("« Passons à la suite. »", "fr")).toBe(1);
    expect(cueScore("Gute Frage, die Ableitung ist null.", "de")).toBe(0); // "gute" is not "gut": whole words only
    expect(cueScore("Kommen wir zum Beweis.", "de")).toBe(1);
    expect(cueScore("Übrigens gibt es noch mehr.", "de")).toBe(1);
    expect(cueScore("Muito bem, vejamos outro caso.", "pt-BR")).toBe(1);
  });

  it("hear each English marker in its translation, at the English strength", () => {
    // "Take a moment", "take a step back", "in the last video", "as another example", "let's sum up".
    expect(cueScore("Tómate un momento para reflexionar sobre lo que acaba de pasar.", "es")).toBe(1);
    expect(cueScore("Prenez du recul et remarquez quelques détails.", "fr")).toBe(1);
    expect(cueScore("Nehmen Sie sich einen Moment Zeit, um darüber nachzudenken.", "de")).toBe(1);
    expect(cueScore("Im letzten Video haben wir über Ableitungen gesprochen.", "de")).toBe(1);
    expect(cueScore("Como outro exemplo, olhe para o anel de raio 11.", "pt")).toBe(1);
    expect(cueScore("Résumons où nous en sommes.", "fr")).toBe(1);
    expect(cueScore("كمثال آخر، انظر إلى الحلقة.", "ar")).toBe(1);
    // "First" and "well" are weak in English, and so are their translations.
    expect(cueScore("En primer lugar, los términos factoriales surgen de forma natural.", "es")).toBe(0.35);
    expect(cueScore("Bueno, es el número total de personas.", "es")).toBe(0.35);
    expect(cueScore("Zunächst einmal ist der Wert bei 0 eins.", "de")).toBe(0.35);
    // "This, by the way, is…" opens nothing in English; nor does it where the translation keeps it inside.
    expect(cueScore("Esto, por cierto, recuerda a una teoría.", "es")).toBe(0);
    // German moves "übrigens" behind the verb even where English opens with "By the way": half.
    expect(cueScore("In der Praxis brauchen Computer übrigens sehr lange.", "de")).toBe(0.5);
    // Question words count as the English ones do: at the opening of a short question.
    expect(cueScore("¿Cuál es la derivada de esta función?", "es")).toBeCloseTo(0.6);
    expect(cueScore("Combien de régions y a-t-il ?", "fr")).toBeCloseTo(0.6);
  });

  it("hear a Hindi turn where the verb puts it, at the end", () => {
    expect(cueScore("अभी जो हुआ उस पर विचार करने के लिए कुछ समय निकालें।", "hi")).toBe(1);
    expect(cueScore("इसके बारे में सोचने का दूसरा तरीका यह है कि ये पद संतुलित हैं।", "hi")).toBe(1);
    expect(cueScore("क्षेत्रफल में परिणामी परिवर्तन क्या है?", "hi")).toBeCloseTo(0.6);
    expect(cueScore("खैर, इसके बारे में सोचना कठिन है।", "hi")).toBe(0.35);
  });

  it("match a prefix in Japanese and Chinese, which have no spaces", () => {
    expect(cueScore("さて、次の問題に移りましょう。", "ja")).toBe(1);
    expect(cueScore("関数の傾きを求めます。", "ja")).toBe(0);
    // Japanese puts "let's turn to" at the end of the sentence: the turn counts from anywhere in it.
    expect(cueScore("ここからは固有値の話に移りましょう。", "ja")).toBe(1);
    expect(cueScore("接下来我们看积分。", "zh")).toBe(1);
    expect(cueScore("函数的斜率是正的。", "zh")).toBe(0);
  });

  it("hear Chinese markers as the English ones they stand for", () => {
    // "Let's start with…": the verb comes after what it starts with.
    expect(cueScore("让我们从一个简单的函数开始。", "zh")).toBe(1);
    expect(cueScore("在下一个证明中，我想展示一个论证。", "zh")).toBe(1);
    expect(cueScore("花点时间思考一下这意味着什么。", "zh")).toBe(1);
    // "So" and "well" are weak, as in English; "the last digit" is not "finally".
    expect(cueScore("那么，面积是多少", "zh")).toBe(0.35);
    expect(cueScore("最后，我们把两个等式相加。", "zh")).toBe(1);
    expect(cueScore("最后一位数字是 0 的数。", "zh")).toBe(0);
  });

  it("count a question word anywhere in a short question where the language leaves it in place", () => {
    // English: "What function of n should we plug in?" opens with its question word (0.35 + 0.25).
    expect(cueScore("What function of n should we plug in?", "en")).toBeCloseTo(0.6);
    expect(cueScore("我们应该插入 n 的什么函数？", "zh")).toBeCloseTo(0.6);
    expect(cueScore("この関数の導関数は何でしょうか？", "ja")).toBeCloseTo(0.6);
    expect(cueScore("यह इतना कठिन क्यों है?", "hi")).toBeCloseTo(0.6);
    // A yes-or-no question gets the question's share only.
    expect(cueScore("这是一个函数吗？", "zh")).toBeCloseTo(0.25);
  });

  it("read Arabic with or without short vowels and a leading 'and', and Hindi", () => {
    expect(cueScore("حسنًا، لننتقل إلى التكامل.", "ar")).toBe(1);
    expect(cueScore("وأخيرا نحسب المساحة.", "ar")).toBe(1);
    expect(cueScore("الدالة متزايدة.", "ar")).toBe(0);
    expect(cueScore("ठीक है, अब समाकलन देखते हैं।", "hi")).toBe(1);
  });

  it("give nothing for a language without a list, and judge captions by their opening", () => {
    expect(cueScore("Va bene, passiamo agli integrali.", "it")).toBe(0);
    expect(unitCue("la pendiente es positiva bien ahora la integral", "es")).toBe(0);
    expect(unitCue("bien ahora la integral", "es")).toBe(1);
  });
});
