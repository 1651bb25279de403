/**
 * Discourse markers: the words speakers open a new part with ("All right,", "Let's turn to",
 * "Finally", a sponsor's message), which the segmenter rewards as boundaries. English has the
 * fullest list, written for spoken explanations; the other languages have their everyday
 * equivalents, from how each language announces a turn, not from any video's transcript.
 */
import { baseLanguage } from "~/lib/languages";
import { foldText, joinUnspacedRuns } from "./text";

const alternatives = (parts: readonly string[]) => parts.join("|");

/**
 * Openings that announce a new topic in spoken explanations. Strong markers introduce a new
 * part almost by definition; weak ones ("Now", "So") often do but are also everyday fillers.
 */
const STRONG_MARKERS = alternatives([
  "all right",
  "alright",
  "okay",
  "ok",
  "by the way",
  "moving on",
  "next up",
  "up next",
  "first things first",
  "finally",
  "lastly",
  "to (?:start|begin|kick (?:things|it) off|finish|wrap|sum|summari[sz]e|recap|close|conclude|set the stage|bring it)",
  "(?:let's|let us) (?:start|begin|turn|move|switch|go back|come back|zoom out|step back|sum|recap|summari[sz]e|wrap|take a (?:look|step|moment))",
  "as (?:a|one) (?:very )?(?:final|last)",
  "as another",
  "for (?:the|our) (?:next|last|final)",
  "one (?:more|last|final)",
  "stepping back",
  "take a (?:step|moment)",
  "in (?:summary|conclusion)",
  "so far",
  "at this point",
  "now (?:let's|for|on|onto|as|the (?:next|question))",
  "another (?:way|example|question|idea)",
  "here's (?:the|a|another)",
  "in the (?:next|last|previous) (?:video|lesson|chapter)",
]);
const STRONG_OPENINGS = new RegExp(`^(?:${STRONG_MARKERS})\\b`);
/** A strong marker after a space: automatic caption lines start anywhere in a sentence. */
const STRONG_ANYWHERE = new RegExp(`\\s(?:${STRONG_MARKERS})\\b`);
const WEAK_OPENINGS = /^(?:now|so|well|next|then|here|first|second|third|imagine|consider|remember|recall|suppose|why|what|how)\b/;
const INNER_MARKERS = new RegExp(
  `\\b(?:${alternatives([
    "step back",
    "sum (?:it |things |this )?up",
    "to summari[sz]e",
    "wrap (?:things |it )?up",
    "the next (?:question|step|example|thing|part|proof|idea|topic)",
    "turn (?:back )?to",
    "switch gears",
    "change gears",
    "a different (?:question|example|approach)",
    "final example",
    "another example",
  ])})\\b`,
);

/**
 * A sponsor's message, or the return from one: creators give it a chapter of its own, and it
 * starts wherever the sentence puts it ("But first, this video is sponsored by …").
 */
const SPONSOR_TURN = new RegExp(
  `\\b(?:${alternatives([
    "(?:is|was) sponsored by",
    "(?:is|was) brought to you by",
    "(?:today's|our|this video's|this episode's) sponsor",
    "thanks? (?:to )?\\S+(?: \\S+)? for sponsoring",
    "(?:now |and now )?back to (?:the video|the show|our (?:topic|story|video))",
  ])})\\b`,
);

/** English: how strongly a sentence's opening announces a new topic. */
function englishCueScore(text: string): number {
  const s = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^[^a-z0-9]+/, "");
  if (STRONG_OPENINGS.test(s) || SPONSOR_TURN.test(s)) return 1;
  let score = 0;
  if (WEAK_OPENINGS.test(s)) score += 0.35;
  if (INNER_MARKERS.test(s)) score += 0.5;
  if (/\?\s*$/.test(s) && s.length < 80) score += 0.25; // a short question opens a new part
  return Math.min(1, score);
}

/**
 * 0..1: how strongly a unit announces a new topic. Its opening decides for a punctuated sentence;
 * a caption line without punctuation may start mid-sentence, so there a strong marker anywhere
 * in it counts half (the turn is inside the line, so its start is only near it).
 */
function englishUnitCue(text: string): number {
  const opening = englishCueScore(text);
  if (opening >= 1 || /[.!?]/.test(text)) return opening;
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  return Math.max(opening, STRONG_ANYWHERE.test(lower) ? 0.5 : 0);
}

/* ------------------------------------------------------------------------- other languages */

/**
 * The markers of a language other than English, lower case, without Arabic short vowels:
 * - strong openings announce a new part almost by definition, weak ones often do but are also
 *   fillers (a leading "و", "and", is optional in Arabic);
 * - inner markers count anywhere in the sentence, for half;
 * - turns count anywhere in full: where the verb ends the sentence, "let's start with…" does too
 *   (…から始めましょう, 让我们从…开始);
 * - question words count anywhere in a short question, as an opening one does in English: these
 *   languages leave them in place (我们应该插入什么函数？).
 */
type Markers = { strong: readonly string[]; weak: readonly string[]; inner?: readonly string[]; turns?: readonly string[]; questionWords?: readonly string[] };

const OPENINGS: Readonly<Record<string, Markers>> = {
  es: {
    strong: [
      "muy bien",
      "bien",
      "bueno",
      "vale",
      "de acuerdo",
      "por cierto",
      "pasemos a",
      "pasando a",
      "veamos",
      "vamos a ver",
      "para empezar",
      "para terminar",
      "para concluir",
      "en resumen",
      "resumiendo",
      "finalmente",
      "por último",
      "a continuación",
      "volvamos a",
      "volviendo a",
      "en primer lugar",
      "otro ejemplo",
      "un último",
      "una última",
    ],
    weak: [
      "ahora",
      "entonces",
      "así que",
      "luego",
      "después",
      "primero",
      "segundo",
      "imagina",
      "considera",
      "recuerda",
      "supongamos",
      "por qué",
      "qué",
      "cómo",
    ],
  },
  pt: {
    strong: [
      "muito bem",
      "tudo bem",
      "certo",
      "bem",
      "ok",
      "a propósito",
      "aliás",
      "passemos a",
      "vamos passar",
      "vejamos",
      "vamos ver",
      "para começar",
      "para terminar",
      "para concluir",
      "em resumo",
      "resumindo",
      "finalmente",
      "por fim",
      "por último",
      "a seguir",
      "voltando a",
      "voltemos",
      "em primeiro lugar",
      "outro exemplo",
      "um último",
      "uma última",
    ],
    weak: ["agora", "então", "depois", "primeiro", "segundo", "imagine", "considere", "lembre", "suponha", "por que", "o que", "como"],
  },
  fr: {
    strong: [
      "très bien",
      "bon",
      "bien",
      "d'accord",
      "ok",
      "au fait",
      "passons à",
      "passons maintenant",
      "voyons",
      "pour commencer",
      "pour finir",
      "pour conclure",
      "en résumé",
      "pour résumer",
      "enfin",
      "finalement",
      "revenons à",
      "tout d'abord",
      "premièrement",
      "un autre exemple",
      "un dernier",
      "une dernière",
    ],
    weak: ["maintenant", "alors", "donc", "ensuite", "puis", "imaginez", "considérez", "rappelez", "supposons", "pourquoi", "comment"],
  },
  de: {
    strong: [
      "okay",
      "gut",
      "alles klar",
      "übrigens",
      "kommen wir zu",
      "kommen wir nun zu",
      "schauen wir uns",
      "als nächstes",
      "zum schluss",
      "schließlich",
      "abschließend",
      "zusammenfassend",
      "zunächst",
      "zuerst",
      "erstens",
      "ein weiteres beispiel",
      "noch ein letztes",
      "zurück zu",
      "wenden wir uns",
    ],
    weak: ["also", "nun", "jetzt", "so", "dann", "danach", "zweitens", "stell dir vor", "stellen sie sich vor", "angenommen", "warum", "was", "wie"],
  },
  ja: {
    strong: [
      "さて",
      "それでは",
      "では",
      "ところで",
      "ちなみに",
      "次に",
      "次は",
      "続いて",
      "最後に",
      "まとめると",
      "要約すると",
      "要するに",
      "結論として",
      "はじめに",
      "最初に",
      "まず",
      "ここまで",
      "この時点で",
      "もう一つ",
      "別の例",
      "別の方法",
      "別の見方",
      "話を戻",
      "本題に戻",
      "一歩下がって",
      "前回の(?:動画|ビデオ)",
      "次の(?:動画|ビデオ)",
      "オーケー",
      "オッケー",
      "よし",
      "はい[、,]",
    ],
    weak: [
      "そして",
      "それで",
      "じゃあ",
      "今",
      "ここで",
      "次",
      "第一に",
      "第二に",
      "第三に",
      "なぜ",
      "どうして",
      "どのように",
      "想像して",
      "考えて",
      "思い出して",
      "仮に",
    ],
    turns: ["(?:移り|移って|戻り|戻って|進み|始め|まとめ|切り替え|見てみ)ましょう"],
    questionWords: ["何", "なぜ", "どう", "どの", "どれ", "どこ", "いくつ", "いつ", "誰", "どんな"],
    inner: ["次の(?:質問|ステップ|例|部分|証明|アイデア|話題|トピック)", "別の(?:質問|例|アプローチ)", "最後の例", "提供して", "スポンサー"],
  },
  // The English list's markers, one concept at a time: "all right", "by the way", "moving on",
  // "next up", "finally", "to sum up", "let's turn to", "take a moment", "one more", "so far",
  // "at this point", "another example", "in the next video", a sponsor's message; and, as in
  // English, "so", "then" and "well" (那么, 好吧) are weak.
  zh: {
    strong: [
      "好的",
      "好了",
      "那好",
      "好[，,]",
      "行[，,]",
      "ok",
      "okay",
      "顺便(?:说一下|说一句|提一下|一提)",
      "顺带一提",
      "我们继续",
      "继续往下",
      "接下来",
      "下面",
      "下一个",
      "首先",
      "最后(?:[，,]|一个|一点|我|让|要)",
      "总之",
      "总而言之",
      "总的来说",
      "综上所述",
      "总结一下",
      "总结来说",
      "概括一下",
      "回顾一下",
      "(?:让我们|我们)(?:先|再|现在)?来?(?:开始|转向|转到|回到|回顾|总结|看一下|看看|看一看|换个|退一步)",
      "让我们来看",
      "我们来看",
      "回到",
      "作为(?:下一个|最后一个|另一个|最后)",
      "还有一个",
      "再来一个",
      "退一步",
      "(?:退后|后退)一步",
      "花点时间",
      "到目前为止",
      "目前为止",
      "至此",
      "在这一点上",
      "此时",
      "现在(?:让我们|我们来|来看|轮到)",
      "另一种.{0,4}(?:方法|方式|思路|看法)",
      "另一个(?:例子|问题|想法|方法)",
      "再举一个",
      "再看一个",
      "这里有",
      "在(?:下一个|上一个|下个|上个|上集|下集|之前的)(?:视频|课|章节|集)",
      "(?:在|对于)(?:下一个|最后一个|另一个)",
    ],
    turns: ["(?:让我们|我们)(?:先|再|现在)?从.{1,30}?开始"],
    weak: [
      "那么",
      "好吧",
      "现在",
      "所以",
      "那",
      "然后",
      "接着",
      "另外",
      "这里",
      "第一",
      "第二",
      "第三",
      "其次",
      "想象",
      "考虑",
      "记住",
      "回想",
      "假设",
      "为什么",
      "什么",
      "怎么",
      "如何",
    ],
    inner: [
      "退一步",
      "总结一下",
      "换个(?:话题|角度|思路)",
      "下一个(?:问题|步骤|例子|部分|证明|想法|话题)",
      "另一个(?:问题|例子|方法)",
      "最后一个例子",
      "赞助",
      "回到(?:视频|正题|主题)",
    ],
    questionWords: ["什么", "为什么", "怎么", "怎样", "如何", "多少", "多长", "多大", "哪"],
  },
  ar: {
    strong: [
      "حسنا",
      "والآن",
      "بالمناسبة",
      "أخيرا",
      "في النهاية",
      "لننتقل",
      "دعونا ننتقل",
      "لنلق نظرة",
      "دعونا نلقي نظرة",
      "لنبدأ",
      "دعونا نبدأ",
      "أولا",
      "باختصار",
      "للتلخيص",
      "مثال آخر",
      "لنعد",
      "دعونا نعود",
    ],
    weak: ["الآن", "إذن", "لذا", "ثم", "تخيل", "لماذا", "كيف"],
  },
  hi: {
    strong: ["ठीक है", "अच्छा", "वैसे", "अंत में", "आखिर में", "आइए", "चलिए", "सबसे पहले", "संक्षेप में", "एक और उदाहरण", "अगला"],
    weak: ["तो", "अब", "फिर", "पहले", "कल्पना कीजिए", "क्यों", "कैसे"],
    questionWords: ["क्यों", "कैसे", "कितन", "कौन", "कहाँ", "कब"],
  },
};

/** Languages written without spaces: a marker is a prefix, not a word. */
const UNSPACED = new Set(["ja", "zh"]);

type OpeningRules = { strong: RegExp; weak: RegExp; inner: RegExp | null; turns: RegExp | null; questionWords: RegExp | null };
const compiled = new Map<string, OpeningRules | null>();

function rulesFor(base: string): OpeningRules | null {
  let rules = compiled.get(base);
  if (rules === undefined) {
    const list = OPENINGS[base];
    const end = UNSPACED.has(base) ? "" : "(?=[^\\p{L}\\p{N}]|$)";
    const start = base === "ar" ? "^(?:و)?" : "^";
    const pattern = (markers: readonly string[]) => new RegExp(`${start}(?:${alternatives(markers)})${end}`, "u");
    const anywhere = (markers: readonly string[] | undefined) => (markers ? new RegExp(`(?:${alternatives(markers)})`, "u") : null);
    rules = list
      ? {
          strong: pattern(list.strong),
          weak: pattern(list.weak),
          inner: anywhere(list.inner),
          turns: anywhere(list.turns),
          questionWords: anywhere(list.questionWords),
        }
      : null;
    compiled.set(base, rules);
  }
  return rules;
}

/** 0..1: how strongly a sentence's opening announces a new topic, in its language (English when absent). */
export function cueScore(text: string, language = "en"): number {
  const base = baseLanguage(language);
  if (base === "en" || base === "") return englishCueScore(text);
  const rules = rulesFor(base);
  if (!rules) return 0;
  const s = foldText(joinUnspacedRuns(text), base).replace(/^[^\p{L}\p{N}]+/u, "");
  if (rules.strong.test(s) || rules.turns?.test(s)) return 1;
  const shortQuestion = /[?？؟]\s*$/.test(s) && [...s].length < 80; // a short question opens a new part
  let score = rules.weak.test(s) || (shortQuestion && rules.questionWords?.test(s)) ? 0.35 : 0;
  if (rules.inner?.test(s)) score += 0.5;
  if (shortQuestion) score += 0.25;
  return Math.min(1, score);
}

/**
 * 0..1: how strongly a unit announces a new topic. In English, a caption line without punctuation
 * may start mid-sentence, so there a strong marker anywhere in it counts half; other languages are
 * judged by the opening.
 */
export function unitCue(text: string, language = "en"): number {
  const base = baseLanguage(language);
  return base === "en" || base === "" ? englishUnitCue(text) : cueScore(text, base);
}
