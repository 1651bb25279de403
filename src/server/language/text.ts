/**
 * Text primitives of the offline engine: tokenising, stop words, a light stemmer and the
 * clean-up of spoken transcript text. Pure functions, no I/O. English has rules of its own,
 * written for spoken explanations; every other language finds its words with Intl.Segmenter
 * (dictionary-based for Japanese and Chinese, which have no spaces), drops the stop words of
 * stopwords-iso and stems with Snowball where it has an algorithm for the language.
 */
import { newStemmer, type Stemmer } from "snowball-stemmers";
import stopwordsIso from "stopwords-iso";

import { hasFinalPunctuation } from "~/lib/sentences";

import { baseLanguage } from "~/lib/languages";
import { ARABIC_MARKS, UNSPACED_GAP } from "~/lib/writing";

/**
 * Function words plus the filler vocabulary of spoken explanations ("going", "thing", "kind of",
 * "actually"): they carry no topic, so they must neither drive segmentation nor become titles.
 */
const STOP_WORD_LIST = `
a about above across actually after again against ago ah ahead all almost along already also although always am among an and
another any anybody anyone anything anyway anyways anywhere are aren around as ask asked asking at away back basically be became because
become becomes been before begin beginning behind being below beside besides best better between beyond big bit both bring brings
but by call called can cannot cant case certain certainly clear clearly come comes coming could couldn course did didn different
do does doesn doing don done down during each easy either else end enough entire especially even ever every everybody everyone
everything exactly example except fact fairly far feel few find first for found from further gets get getting give given gives
go goes going gone good got gotta great guess had hadn happen happens has hasn have haven having he hello help her here hers herself
hey hi him himself his hmm honestly hope how however huh i idea if im important in indeed instead into is isn it its itself just
keep kind know known knows last later least less let lets like likely little ll lot lots made make makes making many may maybe me
mean means meant might mind mine more most mostly much must my myself na namely need needs neither never new next nice no nobody
none nor not nothing now of off often oh ok okay old on once one ones only onto or other others otherwise ought our ours ourselves
out over own part particular particularly perhaps point pretty probably put quite rather re real really right said same say saying
says second see seeing seem seemed seems seen several shall she should shouldn show shows simply since so some somebody someone
something sometimes somewhat sort start started still stuff such suppose sure take takes taking talk talking tell than thank thanks
that thats the their theirs them themselves then there therefore these they thing things think thinking third this those though
thought through thus to today together too took toward towards truly try trying turn turns uh um umm unless until up upon us use
used using usually ve very via want wanted wants was wasn watch way ways we well went were weren what whatever when whenever where
whereas whether which while who whoever whole whom whose why will with within without won wonder work works would wouldn yeah
yes yet you your yours yourself yourselves
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(STOP_WORD_LIST.split(/\s+/).filter(Boolean));

const VOWEL = /[aeiouy]/;

/**
 * A light suffix-stripping stemmer (a small subset of Porter's step 1 plus "-ly"): enough to
 * conflate "derivative/derivatives", "compute/computed/computing", "spiral/spirals" for
 * similarity, while never producing an empty stem. The final "e" is dropped everywhere so
 * "make" and "making" meet at "mak". Stems are only compared, never shown.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w) && w.length > 3) w = w.slice(0, -1);

  const strip = (suffix: string) => {
    if (!w.endsWith(suffix)) return false;
    const base = w.slice(0, -suffix.length);
    if (base.length < 3 || !VOWEL.test(base)) return false;
    w = base;
    // "running" -> "runn" -> "run", but keep "ll", "ss", "zz" ("spelled", "passed").
    if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
    return true;
  };
  if (!strip("ing") && !strip("ed")) strip("ly");
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** Lower-cased words of a text (letters, digits, inner apostrophes and hyphen-joined parts split). */
export function words(text: string): string[] {
  const out: string[] = [];
  const re = /[a-z0-9]+(?:'[a-z]+)?/g;
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  for (let m = re.exec(lower); m; m = re.exec(lower)) out.push(m[0]);
  return out;
}

/** Whether a lower-cased word can carry topic (not a stop word, not a bare number, ≥ 3 letters). */
export function isContentWord(word: string): boolean {
  const bare = word.endsWith("'s") ? word.slice(0, -2) : word;
  if (bare.includes("'")) return false; // contractions: "don't", "we'll", "i've"
  if (bare.length < 3 || /^\d+$/.test(bare)) return false;
  return !STOP_WORDS.has(bare);
}

export type Term = { stem: string; surface: string };

/** The content terms of a text, in order: stem for comparison, surface form for display. */
export function terms(text: string, language = "en"): Term[] {
  const lexicon = lexiconFor(language);
  if (lexicon) return lexicon.terms(text);
  const out: Term[] = [];
  for (const word of words(text)) {
    if (!isContentWord(word)) continue;
    const surface = word.endsWith("'s") ? word.slice(0, -2) : word;
    out.push({ stem: stem(surface), surface });
  }
  return out;
}

/** The stems of a text's content words (the tokeniser the similarity measures use). */
export function tokenize(text: string, language = "en"): string[] {
  return terms(text, language).map((t) => t.stem);
}

/* ------------------------------------------------------------------------- other languages */

/** Snowball's algorithm for a language, where it has one. */
const SNOWBALL: Readonly<Record<string, string>> = {
  ar: "arabic",
  ca: "catalan",
  da: "danish",
  de: "german",
  es: "spanish",
  eu: "basque",
  fi: "finnish",
  fr: "french",
  ga: "irish",
  hu: "hungarian",
  hy: "armenian",
  it: "italian",
  nb: "norwegian",
  nl: "dutch",
  no: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sl: "slovene",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
};

/**
 * The filler vocabulary of spoken explanations where stopwords-iso lists only written function
 * words: the counterparts of STOP_WORD_LIST's "actually", "really", "thing", "kind of", "know",
 * "think", "see", "need", "same", "different", "example", "case", "important" and the like, and
 * the adjectival suffix "的" that the segmenter splits off ("基本的"). Like the English list, they
 * carry no topic, so they must neither drive segmentation nor become titles. Chinese and Japanese
 * have one because ICU's dictionary leaves these words whole and frequent (可能, 现在, 非常, 中的);
 * with it, Chinese chapters follow the English engine's on the same videos more closely (F1
 * between the two 0.689 → 0.715). The same lists for German, Spanish, French, Portuguese, Arabic
 * and Hindi moved them away from English, so those languages keep stopwords-iso alone, except
 * that Hindi gets the function words stopwords-iso's Hindi list lacks: pronouns, auxiliaries and
 * participles (आपको, हूं, करके), without which titles read "व्युत्पन्न आपको" ("derivative to you").
 */
const SPOKEN_FILLERS: Readonly<Record<string, string>> = {
  hi: `
मैं मुझे मुझसे मेरा मेरे मेरी हम हमें हमसे हमारा हमारे हमारी आप आपको आपसे आपका आपके आपकी तुम तुम्हें तुम्हारा वह वे उसे उन्हें
उसका उसके उसकी उनका उनके उनकी यह ये इसे इन्हें इसका इसके इसकी हूं हूँ है हैं था थे थी थीं होगा होगी होंगे हो होता होती होते
रहा रहे रही करके कर करना करते करता करती करें किया जाता जाती जाते जाएं जाए सकते सकता सकती बारे रूप तरह द्वारा तो भी ही क्या
आइए चलिए सा सी से
`,
  zh: `
实际 实际上 其实 事实上 基本 基本上 真的 真正 确实 老实说 说实话 东西 事情 事物 事 种 一种 这种 那种 某种 各种
知道 了解 明白 想 认为 觉得 思考 考虑 想想 看 看到 看看 看一下 看起来 看出 注意 需要 必须 相同 一样 同样 不同 不一样
例子 例如 比如 情况 重要 做 让 使 使得 进行 拿 用 使用 利用 得到 获得 去 来 放 给 给出 说 讲 谈 谈论 告诉 说到 展示 显示
表明 找到 发现 尝试 试着 试试 想要 希望 意味 意味着 意思 表示 称为 叫做 叫 开始 变成 成为 保持 继续 似乎 好像 看来 感觉
感到 发生 想法 主意 事实 部分 方式 方法 办法 很多 许多 大量 一些 一点 一下 有点 稍微 大 好 很好 不错 新 当然 确定 清楚
明显 显然 容易 简单 整个 全部 所有 一切 第一 第二 第三 首先 其次 最后 下一个 接下来 结束 今天 现在 目前 此时 非常 很
相当 挺 十分 特别 可能 也许 或许 大概 可以 能够 能 总是 经常 通常 每 每个 各 其他 另一个 另外 别的 这里 那里 之间 中的 的是
`,
  ja: `
実際 実際に 本当 本当に 実は 基本的 基本的に もの こと 事 方法 やり方 多く たくさん とても 非常 非常に 少し ちょっと 的
知る 知っ 思う 思い 考える 考え 見る 見 見える 見え 見て 言う 言 言っ 意味 使う 使 使用 必要 同じ 異なる 違う 新しい 大きな 小さな
全体 最初 最後 部分 例 例えば 場合 事実 呼ぶ 呼ば 見つける 与える 示す 示し 話す 伝える 試す 起こる 助ける 重要 もちろん 可能 可能性
たぶん おそらく 多分 今 今日 ここ そこ すべて 全て 各 他 他の 自分 人
`,
};

/**
 * The same filler vocabulary ("actually", "thing", "know", "example", "way", "called"…) for the
 * languages whose chapters did better with it left in: dropping it moved their chapters away from
 * the English engine's on the same videos. It still must not become a title ("Einfach mehrere
 * Werte", "Llamada eje"), so these words stay out of title phrases only (term-phrases.ts).
 */
const TITLE_FILLERS: Readonly<Record<string, string>> = {
  de: `
eigentlich tatsächlich wirklich grundsätzlich grundlegend ehrlich ehrlicherweise sache sachen ding dinge zeug art arten weise
wissen weiß weißt wisst denken denke denkst denkt dachte glauben glaube glaubst sehen sehe siehst sieht sah gesehen schauen schau
schaut anschauen ansehen betrachten betrachte betrachtet brauchen braucht brauchst benötigen gleich gleiche gleichen gleicher
selbe selben verschieden verschiedene verschiedenen unterschiedlich unterschiedliche unterschiedlichen beispiel beispiele
beispielsweise fall fälle falle wichtig wichtige wichtigen machen macht mache gemacht nehmen nimmt nehme genommen benutzen
verwenden verwendet verwende nutzen bekommen bekommt erhalten erhält gehen geht ging kommen kommt kam stellen stellt legen geben
gibt gab sagen sagt sage gesagt erzählen sprechen spricht reden zeigen zeigt zeige gezeigt finden findet fand gefunden versuchen
versucht versuche funktioniert funktionieren wollen will willst möchte möchten möchtest bedeuten bedeutet bedeutung heißt heißen
nennen nennt genannt anfangen beginnen beginnt fängt halten bleiben bleibt scheint scheinen fühlen fühlt passiert passieren
geschieht idee ideen tatsache punkt teil teile weg viel viele vielen menge bisschen wenig klein kleine kleinen groß große großen
gut gute guten schön toll neu neue neuen sicher klar einfach einfache leicht ganz ganze ganzen gesamte erste ersten erster zweite
dritte letzte letzten nächste nächsten ende heute jetzt sehr ziemlich recht wahrscheinlich vielleicht möglich möglicherweise
immer oft meistens jede jeder jedes andere anderen anderes hier dort genau bestimmt bestimmte vorstellen stell stellen
`,
  es: `
realmente básicamente verdad cosa cosas tipo tipos clase saber sé sabes sabe sabemos pensar pienso piensa piensas pensemos creo
cree ver veo ves ve vemos visto mirar mira mirando necesitar necesita necesitas necesitamos mismo misma mismos mismas diferente
diferentes distinto distintos ejemplo ejemplos caso casos importante hacer hago hace haces hacemos hecho tomar toma tomamos usar
uso usa usamos utilizar obtener obtiene obtenemos conseguir ir va vamos venir viene poner pone dar da damos decir digo dice dices
dicho contar hablar hablamos mostrar muestra muestro encontrar encuentra encontramos intentar intenta trabajar funciona funcionar
querer quiero quiere quieres queremos significar significa significado llamar llama llamamos llamado llamada llamados llamadas empezar comenzar empieza
comienza convertir convierte seguir sigue mantener parece parecer sentir siente pasar pasa pasó ocurre ocurrir sucede idea ideas
punto parte partes forma formas manera maneras mucho mucha muchos muchas poco poca pocos grande grandes pequeño pequeña bueno
buena buenos bien genial nuevo nueva nuevos claro claramente fácil simple simplemente todo toda todos todas entero primera primero
segunda segundo tercera tercero último última siguiente final hoy ahora muy bastante probablemente quizás quizá posible siempre
menudo cada otro otra otros otras aquí allí ahí
`,
  fr: `
réellement vraiment essentiellement fondamentalement honnêtement chose choses truc trucs genre type sorte savoir sais sait savons
savez penser pense penses pensons pensez crois croire voir vois voit voyons voyez vu regarder regarde regardons regardez besoin
nécessaire même mêmes différent différente différents différentes exemple exemples cas important importante faire fais fait
faisons faites prendre prend prenons utiliser utilise utilisons obtenir obtient obtenons aller va allons venir vient mettre met
mettons donner donne donnons dire dis dit disons parler parle parlons montrer montre montrons trouver trouve trouvons essayer
essaie essayons fonctionne vouloir veux veut voulons voulez signifier signifie signifient appeler appelle appelé appelée appelés appelées appelons
commencer commence devenir devient garder continuer semble sembler sentir passe passer arrive arriver idée idées point partie
parties façon façons manière manières beaucoup peu petit petite grand grande bon bonne bien génial nouveau nouvelle nouveaux sûr
clair clairement facile simple simplement tout toute tous toutes entier premier première deuxième second troisième dernier
dernière prochain prochaine suivant fin aujourd'hui maintenant très assez plutôt probablement peut-être possible toujours souvent
chaque autre autres ici là
`,
  pt: `
realmente basicamente verdade coisa coisas tipo tipos saber sei sabe sabemos pensar penso pensa pensamos acho acha ver vejo vê
vemos visto olhar olha olhando precisar preciso precisa precisamos mesmo mesma mesmos mesmas diferente diferentes exemplo exemplos
caso casos importante fazer faço faz fazemos feito tomar toma usar uso usa usamos utilizar obter obtém obtemos conseguir ir vai
vamos vir vem colocar coloca dar dá damos dizer digo diz dizemos falar falamos mostrar mostra encontrar encontra tentar tenta
trabalhar funciona querer quero quer queremos significar significa chamar chama chamado chamada chamados chamadas começar começa tornar torna continuar
parece parecer sentir passar acontece acontecer ideia ideias fato ponto parte partes forma formas maneira maneiras muito muita
muitos muitas pouco pouca grande grandes pequeno pequena bom boa bem ótimo novo nova novos claro claramente fácil simples
simplesmente todo toda todos todas inteiro primeiro primeira segundo segunda terceiro último última próximo próxima final hoje
agora bastante provavelmente talvez possível sempre cada outro outra outros outras aqui ali lá
`,
  ar: `
حقا فعلا بالفعل أساسا الواقع بصراحة شيء أشياء الشيء الأشياء نوع النوع أنواع يعرف تعرف نعرف أعرف أعلم تعلم نعلم يعلم أعتقد
تعتقد نعتقد أظن نفكر تفكر التفكير فكر نرى ترى يرى أرى رأينا انظر ننظر نظرة لاحظ يحتاج تحتاج نحتاج بحاجة نفس نفسه نفسها
مختلف مختلفة المختلفة مثال مثلا المثال أمثلة حالة الحالة حال مهم المهم نفعل تفعل يفعل نقوم تقوم يقوم قمنا قمت نأخذ تأخذ خذ
نستخدم تستخدم استخدام باستخدام نحصل تحصل الحصول نذهب تذهب نأتي يأتي نضع تضع نعطي يعطي يعطيك نقول تقول يقول قلت أقول
نتحدث يظهر أظهر نجد تجد يجد وجدنا نحاول تحاول حاول يعمل تعمل نريد تريد يريد أريد يعني تعني معنى يسمى تسمى نسمي نبدأ يبدأ
تبدأ يصبح تصبح نستمر يبدو تبدو نشعر يحدث حدث فكرة الفكرة حقيقة الحقيقة نقطة جزء الجزء طريقة الطريقة بطريقة كثير كثيرا
الكثير العديد قليل قليلا القليل بعض كبير كبيرة صغير صغيرة جيد جيدة رائع جديد جديدة بالتأكيد واضح واضحة بوضوح سهل بسيط
ببساطة الكل كامل بأكمله الأول الأولى أول الثاني الثانية الثالث الأخير الأخيرة التالي التالية النهاية اليوم جدا تماما ربما
ممكن يمكن يمكنك يمكننا نستطيع تستطيع دائما غالبا عادة أخرى آخر الآخر الأخرى هنا هناك فقط أيضا لذا لذلك فإن أنه إنه لكن
ولكن لأن
`,
};

const STOPWORDS_BY_LANGUAGE = stopwordsIso as Readonly<Record<string, readonly string[]>>;

/**
 * A text as the rules of a language other than English compare it: NFC, lower case in the
 * language's own way, straight apostrophes, no Arabic short vowels.
 */
export function foldText(text: string, language: string): string {
  return text.normalize("NFC").toLocaleLowerCase(baseLanguage(language)).replace(/[’‘]/g, "'").replace(ARABIC_MARKS, "");
}
/** French and Italian elisions glued to the next word: l'équation, d'Euler, qu'on, dell'anno. */
const ELISION = /^(?:[cdjlmnst]|qu|dell|nell|sull|all|dall)'(?=\p{L})/u;
/** A word written only in hiragana is, in Japanese, a particle, an ending or a function word. */
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
/**
 * A word written in katakana alone. ICU's dictionary knows few loanwords and cuts the others into
 * syllables ("プラグアンドチャグ" → プラグ|アンド|チ|ャ|グ), while a katakana run is one word or a
 * compound read as one ("ニューラルネットワーク"): touching katakana pieces are joined again.
 */
const KATAKANA_ONLY = /^[\p{Script=Katakana}ー・]+$/u;
/** Scripts where one character can be a word ("率", "点"); their function words are stop words. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Scripts whose words are short: two letters can carry a topic ("دالة", "दर"). */
const SHORT_WORD_SCRIPTS = /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hebrew}\p{Script=Thai}]/u;

/**
 * Arabic writes its conjunctions and prepositions onto the next word (و "and", ف "so", ب "with",
 * ل "for", ك "as") and its object pronouns onto the end (أنك "that you", لأنه "because it"): a
 * function word with these attached is still a function word.
 */
const ARABIC_PROCLITICS = ["", "و", "ف", "ب", "ل", "ك", "وب", "ول", "وك", "فب", "فل", "فك"];
const ARABIC_ENCLITIC = /(?<=\p{L}{2})(?:هما|هم|هن|ها|ه|كما|كم|كن|ك|نا|ني|ي)$/u;

/** Every reading of an Arabic word without a proclitic, an enclitic pronoun or both (at least two letters left). */
function arabicCores(word: string): string[] {
  return ARABIC_PROCLITICS.flatMap((prefix) => {
    if (!word.startsWith(prefix) || [...word].length - prefix.length < 2) return [];
    const bare = word.slice(prefix.length);
    return [bare, bare.replace(ARABIC_ENCLITIC, "")];
  }).filter((core) => core !== word);
}

/** A word of a text where it stands ([start, end) in UTF-16 units); `stem` is null for a stop word. */
export type WordPiece = { start: number; end: number; surface: string; stem: string | null };

/** Whether a word is written in a script without spaces between words (Chinese, Japanese). */
export function writtenWithoutSpaces(word: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(word);
}

/** A text without the whitespace inside runs of Chinese or Japanese (a caption's line break there). */
export function joinUnspacedRuns(text: string): string {
  return withoutUnspacedGaps(text).joined;
}

/**
 * A text without the whitespace inside runs of Chinese or Japanese, which splits words there
 * ("导 数", "ゼ ロ"), and where each of its UTF-16 units stands in the original text.
 */
function withoutUnspacedGaps(text: string): { joined: string; at: (index: number) => number } {
  if (!UNSPACED_GAP.test(text)) return { joined: text, at: (index) => index };
  UNSPACED_GAP.lastIndex = 0;
  const positions: number[] = [];
  let joined = "";
  let from = 0;
  for (const gap of text.matchAll(UNSPACED_GAP)) {
    for (let i = from; i < gap.index; i++) positions.push(i);
    joined += text.slice(from, gap.index);
    from = gap.index + gap[0].length;
  }
  for (let i = from; i < text.length; i++) positions.push(i);
  joined += text.slice(from);
  return { joined, at: (index) => positions[index] ?? text.length };
}

type Lexicon = { terms(text: string): Term[]; pieces(text: string): WordPiece[]; titleFillers: ReadonlySet<string> };

const lexicons = new Map<string, Lexicon | null>();

/** The word rules of a BCP 47 language (by its primary subtag); null for English and unknown tags. */
function lexiconFor(language: string): Lexicon | null {
  const base = baseLanguage(language);
  if (base === "" || base === "en") return null;
  let lexicon = lexicons.get(base);
  if (lexicon === undefined) {
    lexicon = buildLexicon(base);
    lexicons.set(base, lexicon);
  }
  return lexicon;
}

function buildLexicon(base: string): Lexicon | null {
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(base, { granularity: "word" });
  } catch {
    return null; // not a language tag
  }
  const normalise = (word: string) =>
    foldText(word, base)
      .replace(ELISION, "")
      .replace(/^'+|'+$/g, "");
  const words = (list: string | undefined) => (list ?? "").split(/\s+/).filter(Boolean);
  const stopWords = new Set([...(STOPWORDS_BY_LANGUAGE[base] ?? []), ...words(SPOKEN_FILLERS[base])].map(normalise));
  const titleFillers = new Set(words(TITLE_FILLERS[base]).map(normalise));
  const algorithm = SNOWBALL[base];
  const stemmer: Stemmer | null = algorithm ? newStemmer(algorithm) : null;
  const isContent = (word: string) => {
    if (stopWords.has(word) || /^\p{N}+$/u.test(word)) return false;
    if (base === "ar" && arabicCores(word).some((core) => stopWords.has(core))) return false;
    if (base === "ja" && HIRAGANA_ONLY.test(word)) return false;
    return [...word].length >= (IDEOGRAPHIC.test(word) ? 1 : SHORT_WORD_SCRIPTS.test(word) ? 2 : 3);
  };
  const pieces = (text: string): WordPiece[] => {
    const out: WordPiece[] = [];
    const { joined, at } = withoutUnspacedGaps(text);
    const words: { index: number; segment: string }[] = [];
    for (const piece of segmenter.segment(joined)) {
      if (!piece.isWordLike) continue;
      const previous = words.at(-1);
      if (
        base === "ja" &&
        previous &&
        previous.index + previous.segment.length === piece.index &&
        KATAKANA_ONLY.test(previous.segment) &&
        KATAKANA_ONLY.test(piece.segment)
      ) {
        previous.segment += piece.segment;
      } else {
        words.push({ index: piece.index, segment: piece.segment });
      }
    }
    for (const word of words) {
      const surface = normalise(word.segment);
      const stem = isContent(surface) ? (stemmer ? stemmer.stem(surface) : surface) : null;
      out.push({ start: at(word.index), end: at(word.index + word.segment.length - 1) + 1, surface, stem });
    }
    return out;
  };
  return {
    pieces,
    titleFillers,
    terms: (text) => pieces(text).flatMap((p) => (p.stem === null ? [] : [{ stem: p.stem, surface: p.surface }])),
  };
}

/**
 * Discourse connectives that open a spoken-style title ("But what is a neural network?",
 * "しかし、フーリエ変換とは何でしょうか?") and carry nothing once the title stands alone. Each
 * must be followed by a comma, a space or (Chinese, Japanese) the rest of the clause.
 */
const LEADING_CONNECTIVES: Readonly<Record<string, RegExp>> = {
  en: /^(?:but|so|and|now|well|okay|ok)(?:,\s*|\s+)/iu,
  es: /^(?:pero|y|entonces|bueno|pues)(?:,\s*|\s+)/iu,
  pt: /^(?:mas|e|então|bem|pois)(?:,\s*|\s+)/iu,
  fr: /^(?:mais|et|alors|donc|bon|bref)(?:,\s*|\s+)/iu,
  de: /^(?:aber|und|also|nun|doch)(?:,\s*|\s+)/iu,
  it: /^(?:ma|e|allora|dunque|quindi)(?:,\s*|\s+)/iu,
  ja: /^(?:しかし|でも|それで|それでは|では|さて|ところで|だから|けれども)[、,，\s]*/u,
  zh: /^(?:但是|可是|不过|那么|所以|但(?=[，,、\s]|什么|为什么|如何|怎么|怎样))[，,、\s]*/u,
  ar: /^(?:ولكن|لكن|إذن)[،,\s]+/u,
  hi: /^(?:लेकिन|पर|तो|अब)[,\s]+/u,
};

/** A title part without the discourse connective it opens with, its first letter upper-cased (after "¿" or "¡"). */
export function withoutLeadingConnective(text: string, language: string): string {
  const base = baseLanguage(language) || "en";
  const pattern = LEADING_CONNECTIVES[base] ?? LEADING_CONNECTIVES.en!;
  const trimmed = text.trim();
  const rest = trimmed.replace(pattern, "");
  // A connective alone ("So") is the whole part, and "Y = mx + b" is a formula, not a clause.
  if (rest === trimmed || !/^[¿¡"'“«„「]*[\p{L}\p{N}]/u.test(rest)) return trimmed;
  return rest.replace(/^([¿¡"'“«„「]*)(\p{Ll})/u, (_, open: string, letter: string) => `${open}${letter.toUpperCase()}`);
}

/** Whether a word (as wordPieces spells it) is a filler that must stay out of titles in its language. */
export function isTitleFiller(surface: string, language: string): boolean {
  return lexiconFor(language)?.titleFillers.has(surface) ?? false;
}

/** Whether a language tag gets the English rules (English itself, and tags that are not languages). */
export function usesEnglishRules(language: string): boolean {
  return lexiconFor(language) === null;
}

/**
 * The words of a text in a language other than English, where they stand, with the stems of its
 * content words; null for English (and tags that are not languages), whose rules are above.
 */
export function wordPieces(text: string, language: string): WordPiece[] | null {
  return lexiconFor(language)?.pieces(text) ?? null;
}

/* ---------------------------------------------------------------- clean-up of spoken text */

/** Fillers removed outright (with the comma that usually follows them). */
const FILLERS: RegExp[] = [
  // Whole words only, in any script: "ah" in Spanish "ahí" stays.
  /(?<![\p{L}\p{N}])(?:um+|uh+|erm|er|ah|hmm+|mm+)(?![\p{L}\p{N}])[,.]?\s*/giu,
  /\[(?:music|applause|laughter|laughs|inaudible|silence)\]\s*/gi,
  /\((?:music|applause|laughter|laughs|inaudible)\)\s*/gi,
  /♪+/g,
];

/** Filler phrases removed only where they stand alone between commas or at a clause start. */
const PHRASE_FILLERS: RegExp[] = [
  /(^|[,.;!?]\s*)(?:you know|i mean|like|sort of|kind of|basically|literally)\s*,\s*/gi,
  /,\s*(?:you know|i mean)\s*(?=[,.;!?])/gi,
];

/**
 * Cleans one transcript sentence for reading: removes fillers and stammered repeats
 * ("the the", "I I"), normalises spacing and punctuation, capitalises the first letter and
 * ends the sentence with a full stop when it has no final punctuation. Never adds words.
 */
export function cleanSentence(text: string): string {
  let s = text.replace(/\s+/g, " ").trim();
  s = s.replace(/>>\s*/g, "").replace(/^-\s+/, "");
  for (const re of FILLERS) s = s.replace(re, "");
  for (const re of PHRASE_FILLERS) s = s.replace(re, "$1");
  // Stammered repeats of one or two words: "the the", "it's it's", "in the in the" (numbers
  // are left alone: "1 1 1" can be maths).
  s = s.replace(/(?<![\p{L}\p{N}])(\p{L}[\p{L}\p{N}]*(?:'\p{L}+)?(?:\s+\p{L}[\p{L}\p{N}]*)?)(?:\s+\1(?![\p{L}\p{N}]))+/giu, "$1");
  s = s
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([,;:])(?=[^\s\d])/g, "$1 ")
    .replace(/,\s*([,.;:!?])/g, "$1")
    .replace(/^[,.;:\s]+/, "")
    .replace(/\s{2,}/g, " ")
    .trim();
  if (!s) return "";
  s = s.replace(/\bi\b/g, "I").replace(/\bi'(m|ve|ll|d)\b/g, "I'$1");
  s = s.charAt(0).toUpperCase() + s.slice(1);
  if (!hasFinalPunctuation(s)) s = `${s.replace(/[,;:、，،]$/u, "")}${fullStopFor(s)}`;
  return s;
}

/** The full stop of the sentence's script: "。" after Chinese or Japanese, "।" after Hindi. */
function fullStopFor(sentence: string): string {
  const last = [...sentence.replace(/[\s\p{P}]+$/u, "")].at(-1) ?? "";
  if (writtenWithoutSpaces(last)) return "。";
  if (/\p{Script=Devanagari}/u.test(last)) return "।";
  return ".";
}

/** Words that stay lower-case inside a Title Cased phrase (never first or last). */
const MINOR_WORDS = new Set(["a", "an", "and", "as", "at", "but", "by", "for", "in", "nor", "of", "on", "or", "per", "the", "to", "vs", "via"]);

/** Title Case for a short phrase: capitalises words except minor ones in the middle. */
export function titleCase(phrase: string): string {
  const parts = phrase.trim().split(/\s+/).filter(Boolean);
  return parts
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && i < parts.length - 1 && MINOR_WORDS.has(lower)) return lower;
      // Keep words that already carry inner capitals (names, "pH", "DNA").
      if (/[A-Z]/.test(word.slice(1))) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}
