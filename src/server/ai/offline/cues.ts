/**
 * Discourse markers: the words speakers open a new part with ("All right,", "Let's turn to",
 * "Finally", a sponsor's message), which the segmenter rewards as boundaries. English has the
 * fullest list, written for spoken explanations; the other languages have their everyday
 * equivalents, from how each language announces a turn, not from any video's transcript.
 */
import { baseLanguage } from "~/lib/languages";
import { foldText, joinUnspacedRuns } from "~/server/language/text";

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
  // Each list mirrors the English one concept by concept: "all right", "by the way", "let's turn
  // to", "take a moment", "take a step back", "here's a…", "let's sum up", "to start" / "to close",
  // "as another / a final example", "another way", "in the next / last video", "for the next…",
  // "so far", "at this point", "now for…", a sponsor; "so", "then", "now", "well", "imagine" and
  // the question words are weak. Where the language moves a marker inside the sentence ("Ich
  // glaube übrigens, …", "… resumamos"), it is an inner marker.
  es: {
    strong: [
      "muy bien",
      "bien",
      "vale",
      "ok",
      "está bien",
      "de acuerdo",
      "por cierto",
      "a propósito",
      "pasemos a",
      "pasando a",
      "veamos",
      "vamos a ver",
      "para (?:empezar|comenzar|terminar|concluir|cerrar|finalizar|resumir|preparar el terreno)",
      "en (?:resumen|conclusión)",
      "resumiendo",
      "resumamos",
      "finalmente",
      "por último",
      "volvamos a",
      "volviendo a",
      "lo primero es lo primero",
      "comencemos",
      "empecemos",
      "t[oó]m(?:ate|ese|ense|emos|e) un (?:momento|minuto)",
      "(?:da|den|dé|demos) un paso atrás",
      "retrocedamos",
      "alejémonos",
      "aquí (?:hay|está|tienes|tienen) (?:una?|otr[oa])",
      "como (?:otr[oa]|un último|una última|último|última|ejemplo final|siguiente ejemplo)",
      "otr[oa] (?:forma|manera|ejemplo|pregunta|idea)",
      "en (?:el|la) (?:próxim[oa]|siguiente|últim[oa]|anterior) (?:video|vídeo|lección|capítulo)",
      "en (?:el|la) (?:video|vídeo|lección|capítulo) (?:anterior|siguiente)",
      "para (?:el|la|los|las|nuestr[oa]s?) (?:siguientes?|próxim[oa]s?|últim[oa]s?|final(?:es)?)",
      "hasta (?:ahora|aquí)",
      "(?:en este punto|llegados a este punto|a estas alturas)",
      "ahora (?:pasemos|veamos|volvamos|para|sobre|en cuanto)",
    ],
    weak: [
      "bueno",
      "a continuación",
      "en primer lugar",
      "ahora",
      "entonces",
      "así que",
      "pues",
      "luego",
      "después",
      "aquí",
      "primero",
      "segundo",
      "tercero",
      "imagin(?:a|e|emos)",
      "consider(?:a|e|emos)",
      "recuerd(?:a|e|en)",
      "supongamos",
      "por qué",
      "qué",
      "cómo",
      "cuál(?:es)?",
      "cuánt[oa]s?",
      "dónde",
    ],
    inner: [
      "paso atrás",
      "resum(?:ir|amos|iendo)",
      "(?:el|la) siguiente (?:pregunta|paso|ejemplo|parte|prueba|idea|tema)",
      "otro ejemplo",
      "ejemplo final",
      "patrocinad[oa] por",
      "patrocinador",
    ],
  },
  pt: {
    strong: [
      "muito bem",
      "tudo bem",
      "certo",
      "ok",
      "a propósito",
      "aliás",
      "passemos a",
      "vamos passar",
      "vejamos",
      "vamos ver",
      "para (?:começar|terminar|concluir|fechar|encerrar|resumir|finalizar)",
      "em (?:resumo|conclusão)",
      "resumindo",
      "vamos resumir",
      "finalmente",
      "por fim",
      "por último",
      "voltando a",
      "voltemos",
      "vamos voltar",
      "vamos começar",
      "comecemos",
      "(?:reserve|tire|tome|dedique|reservem|tirem) (?:um|alguns) (?:momento|minuto|instante)s?",
      "(?:dê|dá|demos|deem) um passo (?:atrás|para trás)",
      "(?:aqui está|aqui estão|eis) (?:uma?|outr[ao])",
      "como (?:outr[oa]|um último|uma última|últim[oa]|exemplo final|próximo exemplo)",
      "outr[oa] (?:forma|maneira|exemplo|pergunta|ideia)",
      "n[oa] (?:próxim[oa]|últim[oa]|anterior) (?:vídeo|video|aula|capítulo)",
      "n[oa] (?:vídeo|video|aula|capítulo) (?:anterior|seguinte)",
      "para (?:o|a|os|as|noss[oa]s?) (?:próxim[oa]s?|últim[oa]s?|final|finais|seguintes?)",
      "até (?:agora|aqui)",
      "(?:neste|nesse|a esta|nesta) (?:ponto|altura)",
      "agora (?:vamos|para|sobre|quanto)",
    ],
    weak: [
      "bem",
      "a seguir",
      "em primeiro lugar",
      "agora",
      "então",
      "depois",
      "aqui",
      "primeiro",
      "segundo",
      "terceiro",
      "imagin(?:e|a|emos)",
      "consider(?:e|a|emos)",
      "lembr(?:e|a|em)",
      "suponha(?:mos)?",
      "por que",
      "o que",
      "como",
      "qua(?:l|is)",
      "quant[oa]s?",
      "onde",
    ],
    inner: [
      "passo atrás",
      "passo para trás",
      "resum(?:ir|indo)",
      "(?:a|o) próxim[oa] (?:pergunta|passo|exemplo|parte|prova|ideia)",
      "outro exemplo",
      "exemplo final",
      "patrocinad[oa]",
      "patrocinador",
    ],
  },
  fr: {
    strong: [
      "très bien",
      "bon",
      "bien",
      "d'accord",
      "ok",
      "au fait",
      "à propos",
      "d'ailleurs",
      "soit dit en passant",
      "passons à",
      "passons maintenant",
      "voyons",
      "pour (?:commencer|finir|conclure|terminer|résumer|clore|préparer le terrain)",
      "en (?:résumé|conclusion)",
      "résumons",
      "récapitulons",
      "enfin",
      "finalement",
      "revenons",
      "commençons",
      "(?:prenez|prends|prenons) (?:un|une) (?:moment|minute|instant)",
      "(?:prenez|prends|prenons|en prenant) du recul",
      "faisons un (?:zoom arrière|pas en arrière)",
      "voici (?:une?|un autre|une autre)",
      "comme (?:autre|dernier|dernière|exemple suivant|prochain exemple)",
      "un autre (?:exemple|moyen)",
      "une autre (?:façon|manière|idée|question)",
      "un dernier",
      "une dernière",
      "dans (?:la|le) (?:prochaine?|dernière?|précédente?) (?:vidéo|leçon|chapitre)",
      "dans (?:la|le) (?:vidéo|leçon|chapitre) (?:précédente?|suivante?)",
      "pour (?:la|le|les|notre|nos) (?:suivante?s?|prochaine?s?|dernière?s?)",
      "jusqu'(?:à présent|ici|à maintenant)",
      "à ce (?:stade|point|moment-là)",
      "maintenant (?:passons|voyons|revenons|pour|en ce qui concerne|sur)",
    ],
    weak: [
      "maintenant",
      "alors",
      "donc",
      "ensuite",
      "puis",
      "eh bien",
      "tout d'abord",
      "premièrement",
      "voici",
      "deuxièmement",
      "troisièmement",
      "imagin(?:ez|e|ons)",
      "considér(?:ez|ons)",
      "rappel(?:ez|le)",
      "souven(?:ez|ons)-(?:vous|nous)",
      "souviens-toi",
      "supposons",
      "pourquoi",
      "comment",
      "quel(?:le)?s?",
      "combien",
      "qu'est-ce",
      "où",
    ],
    inner: [
      "du recul",
      "résum(?:er|ons)",
      "récapitul",
      "(?:la|le) (?:prochaine?|suivante?) (?:question|étape|exemple|partie|preuve|idée)",
      "(?:la|le|l') (?:question|étape|exemple|partie|preuve|idée) suivante?",
      "un autre exemple",
      "dernier exemple",
      "sponsoris",
      "parrain",
    ],
  },
  de: {
    strong: [
      "okay",
      "ok",
      "gut",
      "also gut",
      "alles klar",
      "übrigens",
      "nebenbei bemerkt",
      "kommen wir (?:nun |jetzt )?(?:zu|zum|zur|zurück)",
      "schauen wir uns",
      "sehen wir uns",
      "betrachten wir",
      "zum (?:schluss|abschluss|auftakt|einstieg)",
      "für den anfang",
      "um (?:zu beginnen|anzufangen|zusammenzufassen|abzuschließen|das ganze abzuschließen)",
      "schließlich",
      "abschließend",
      "zusammenfassend",
      "fassen wir",
      "beginnen wir",
      "fangen wir",
      "lass(?:t)? uns",
      "(?:nimm|nehmen sie|nehmt) (?:dir|sich|euch) (?:einen moment|kurz|etwas zeit)",
      "(?:tritt|treten sie|tretet|treten wir|gehen wir) (?:einen schritt )?zurück",
      "hier ist (?:ein|eine|noch)",
      "als (?:weiteres|nächstes|letztes|anderes|abschließendes) beispiel",
      "ein (?:weiteres|anderes) beispiel",
      "eine andere (?:möglichkeit|art|sichtweise|frage)",
      "noch (?:ein|eine) (?:letztes|letzte|weiteres|weitere)",
      "im (?:nächsten|letzten|vorherigen|vorigen) video",
      "in den letzten videos",
      "in der (?:nächsten|letzten) (?:lektion|folge)",
      "für (?:den|die|das) (?:nächsten?|letzten?)",
      "bis (?:jetzt|hierhin|hierher)",
      "bisher",
      "an (?:dieser stelle|diesem punkt)",
      "(?:jetzt|nun) (?:kommen|schauen|wenden|zum|zur|zu)",
      "zurück zu",
      "wenden wir uns",
    ],
    weak: [
      "also",
      "nun",
      "jetzt",
      "so",
      "dann",
      "danach",
      "hier",
      "als nächstes",
      "zunächst",
      "zuerst",
      "erstens",
      "zweitens",
      "drittens",
      "stell dir vor",
      "stellen sie sich vor",
      "angenommen",
      "nehmen wir an",
      "betrachte",
      "erinnere dich",
      "erinnern sie sich",
      "warum",
      "wieso",
      "weshalb",
      "was",
      "wie",
      "welche[srnm]?",
      "woher",
      "wo",
    ],
    inner: [
      "schritt zurück",
      "zusammenfass",
      "zusammenzufassen",
      "übrigens",
      "(?:der nächste|die nächste|das nächste) (?:schritt|beweis|frage|idee|beispiel|thema|teil)",
      "weiteres beispiel",
      "letztes beispiel",
      "gesponsert",
      "sponsor",
    ],
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
  // Arabic and Hindi mirror the English list the same way. Hindi puts the verb last, so "take a
  // moment", "to start" and "another way to think about it" are turns wherever they stand
  // (… एक क्षण लें).
  ar: {
    strong: [
      "حسنا",
      "والآن",
      "الآن (?:دعونا|لننتقل|لنعد|لننظر|بالنسبة)",
      "بالمناسبة",
      "أخيرا",
      "في (?:النهاية|الختام)",
      "ختاما",
      "للختام",
      "لننتقل",
      "دعونا ننتقل",
      "لنلق نظرة",
      "دعونا نلقي نظرة",
      "لننظر",
      "دعونا ننظر",
      "لنبدأ",
      "دعونا نبدأ",
      "للبدء",
      "في البداية",
      "باختصار",
      "للتلخيص",
      "لتلخيص",
      "لنلخص",
      "دعونا نلخص",
      "خلاصة القول",
      "(?:خذ|خذوا|لنأخذ|دعونا نأخذ) (?:لحظة|دقيقة|بعض الوقت)",
      "(?:تراجع|تراجعوا|لنتراجع|دعونا نتراجع) خطوة",
      "(?:إليك|إليكم|هذه|هناك) (?:طريقة|مثال|فكرة)",
      "(?:ك)?مثال (?:آخر|أخير)",
      "طريقة أخرى",
      "في (?:الفيديو|المقطع|الدرس) (?:السابق|التالي|القادم|الأخير)",
      "بالنسبة (?:للخطوة|للمثال|للدليل|للسؤال|للجزء) (?:التالي|التالية|الأخير|الأخيرة)",
      "حتى الآن",
      "(?:في هذه المرحلة|عند هذه النقطة|في هذه النقطة)",
      "لنعد",
      "دعونا نعود",
      "(?:بالعودة|عودة) إلى",
    ],
    weak: [
      "أولا",
      "الآن",
      "إذن",
      "لذا",
      "لذلك",
      "ثم",
      "هنا",
      "ثانيا",
      "ثالثا",
      "تخيل",
      "تخيلوا",
      "لنتخيل",
      "تذكر",
      "تذكروا",
      "لنفترض",
      "افترض",
      "لماذا",
      "كيف",
      "ما",
      "ماذا",
      "كم",
      "أين",
    ],
    inner: ["خطوة إلى الوراء", "نلخص", "التلخيص", "مثال آخر", "المثال الأخير", "(?:السؤال|الخطوة|المثال) (?:التالي|التالية)", "برعاية", "الراعي"],
  },
  hi: {
    strong: [
      "ठीक है",
      "अच्छा",
      "वैसे",
      "अंत में",
      "आखिर में",
      "आइए",
      "चलिए",
      "चलो",
      "सबसे पहली बात",
      "शुरुआत में",
      "संक्षेप में",
      "सारांश में",
      "एक (?:और|अन्य) (?:\\S+ )?(?:उदाहरण|तरीका)",
      "(?:यहा(?:ँ|ं)|अब) अंतिम उदाहरण",
      "(?:दूसरे|अन्य|अगले|अंतिम|आखिरी) उदाहरण",
      "(?:पिछले|अगले)(?: कई)? (?:वीडियो|पाठ|अध्याय)",
      "अब तक",
      "अभी तक",
      "इस (?:बिंदु|समय) पर",
      "यहा(?:ँ|ं) (?:एक|है)",
      "अब आइए",
      "अगला",
    ],
    turns: [
      "एक (?:क्षण|पल|मिनट) (?:लें|लीजिए|निकालें|निकालिए|रुककर)",
      "(?:कुछ|थोड़ा) समय (?:लें|लीजिए|निकालें|निकालिए)",
      "(?:शुरू|आरंभ|प्रारंभ|समाप्त|खत्म) करने के लिए",
      "(?:सोचने|देखने) का (?:एक और|दूसरा|एक बेहतर) तरीका",
    ],
    weak: ["तो", "अब", "फिर", "आगे", "खैर", "पहले", "सबसे पहले", "यहा(?:ँ|ं)", "कल्पना कीजिए", "कल्पना करें", "याद (?:करें|कीजिए|रखें)", "मान लीजिए", "मान लें", "क्यों", "कैसे"],
    inner: ["पीछे हट", "कदम पीछे", "संक्षेप", "सारांश", "अगला (?:प्रश्न|सवाल|कदम|उदाहरण)", "अगले (?:प्रश्न|सवाल|कदम|उदाहरण)", "प्रायोजित", "प्रायोजक"],
    questionWords: ["क्या", "किस", "किन", "क्यों", "कैसे", "कैसा", "कितन", "कौन", "कहाँ", "कहां", "कब"],
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
