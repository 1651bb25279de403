/** Japanese. */
import type { LanguagePack } from "../pack";

/** A word written only in hiragana is, in Japanese, a particle, an ending or a function word. */
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
/**
 * A word written in katakana alone. ICU's dictionary knows few loanwords and cuts the others into
 * syllables ("プラグアンドチャグ" → プラグ|アンド|チ|ャ|グ), while a katakana run is one word or a
 * compound read as one ("ニューラルネットワーク"): touching katakana pieces are joined again.
 */
const KATAKANA_ONLY = /^[\p{Script=Katakana}ー・]+$/u;

export const japanese: LanguagePack = {
  code: "ja",
  francCode: "jpn",
  rules: "terms",
  words: {
    segmentation: "intl",
    snowball: null,
    stopWords: `
実際 実際に 本当 本当に 実は 基本的 基本的に もの こと 事 方法 やり方 多く たくさん とても 非常 非常に 少し ちょっと 的
知る 知っ 思う 思い 考える 考え 見る 見 見える 見え 見て 言う 言 言っ 意味 使う 使 使用 必要 同じ 異なる 違う 新しい 大きな 小さな
全体 最初 最後 部分 例 例えば 場合 事実 呼ぶ 呼ば 見つける 与える 示す 示し 話す 伝える 試す 起こる 助ける 重要 もちろん 可能 可能性
たぶん おそらく 多分 今 今日 ここ そこ すべて 全て 各 他 他の 自分 人
`,
    titleFillers: "",
    clitics: null,
    functionWord: HIRAGANA_ONLY,
    oneWord: KATAKANA_ONLY,
  },
  unspaced: true,
  fullStop: "。",
  openings: {
    kind: "markers",
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
    optionalOpening: null,
  },
  leadingConnective: /^(?:しかし|でも|それで|それでは|では|さて|ところで|だから|けれども)[、,，\s]*/u,
  // Japanese writes the endings of verbs and adjectives in hiragana (割る, 美しい), so a topic word has none.
  phrases: { links: new Set(), articles: new Set(), notInPhrase: /\p{Script=Hiragana}/u, endsCapitalised: false },
  wordClass: { tagger: null, endings: [] },
  explains: {
    definition: ["とは", "と呼ば", "を意味", "と定義", "というのは", "のことです"],
    cause: ["ので", "ため", "だから", "その結果", "なぜなら", "によって"],
    procedure: ["まず", "次に", "最後に", "ステップ", "手順"],
    comparison: ["より", "比べ", "違い", "一方", "ではなく", "代わりに"],
    naming: [],
  },
  quiz: {
    question: (s) => `動画の言葉を補ってください：「${s}」`,
    explanation: (t, s) => `${t} で動画はこう言っています：「${s}」`,
    title: (section) => `クイズ：${section}`,
    description: (n, section) => `「${section}」で動画が話していることについての${n}問。答えはすべて動画の中にあります。`,
    open: {
      question: {
        definition: (x) => `動画の説明によると、「${x}」とは何ですか？自分の言葉で答えてください。`,
        cause: (x) => `「${x}」について、動画はどんな理由を挙げていますか？自分の言葉で答えてください。`,
        procedure: (x) => `動画によると、「${x}」はどのような手順で進みますか？自分の言葉で答えてください。`,
        comparison: (x) => `動画は「${x}」を何と比べ、どこが違うと言っていますか？自分の言葉で答えてください。`,
        relation: (x, y) => `動画では「${x}」と「${y}」はどのように関係していますか？自分の言葉で答えてください。`,
        explanation: (x) => `「${x}」について、動画は何を説明していますか？自分の言葉で答えてください。`,
      },
      fullAnswer: {
        definition: "十分な答えは、それが何であり、何が特徴なのかを自分の文で述べます。",
        cause: "十分な答えは、何が何につながるのか、そしてその理由を述べます。",
        procedure: "十分な答えは、手順と、それぞれが次にどうつながるかを述べます。",
        comparison: "十分な答えは、何を比べていて、どこが違うのかを述べます。",
        relation: "十分な答えは、動画によると二つがどう結びついているのかを自分の文で述べます。",
        explanation: "十分な答えは、動画が述べていることと、考え同士のつながりを述べます。",
      },
      covered: "あなたの答えは、動画が説明していることを述べています。",
      partial: (t) => `あなたの答えは、動画が説明していることの一部を述べています。${t} の説明をもう一度見てください。`,
      missed: (t) => `あなたの答えは、まだ動画が説明していることを述べていません。${t} の説明をもう一度見てください。`,
      list: (t) => `答えが単語を並べただけで、それらの関係を述べていません。文で書いてください。説明は ${t} にあります。`,
      copied: (t) => `答えが質問の繰り返しになっています。${t} で動画が説明していることを自分の言葉で書いてください。`,
      otherLanguage: (t) => `このコースの言語である日本語で答えてください。説明は ${t} にあります。`,
    },
  },
  course: { follows: (v, n, list) => `このコースは${v ? `動画「${v}」` : "動画"}を${n}章でたどります：${list}`, separator: "、" },
  playlist: { follows: (p, n, list) => `このコースは再生リスト「${p ?? ""}」の${n}本の動画をたどります：${list}`, separator: "、" },
  tutor: {
    offlineNote: "オフラインモードです（AI モデルが設定されていません）。質問に合う動画の部分を引用して答えます。",
    noTranscript: "このコースの動画には検索できる文字起こしがないため、動画から答えることができません。",
    noMatch: "その内容は動画では扱われていません。動画自体で使われている言葉で試すか、コースの目次を見てください。",
    closest: "最も近い場面：",
    atMoment: (at) => `いま見ている ${at} で、動画はこう言っています：`,
    otherMoments: "質問に合うほかの場面：",
    hint: (at, about) =>
      `答えではなくヒントです：${at} からもう一度見てみましょう${about ? `（${about}について話している場面です）` : ""}。そこで何が起きると言っていますか？先を読む前に、自分の言葉で説明してみてください。`,
    quizBlank: (at) => `${at} からの問題です：空欄に入る言葉は何でしょう？`,
    quizOpen: (at) => `問題です：動画は ${at} で何を説明していますか？自分の言葉で答えてから、動画を見て確かめてください。`,
    quizRight: (answer) => `正解です！空欄に入るのは「${answer}」です。`,
    quizWrong: (answer) => `惜しい！空欄に入るのは「${answer}」です。`,
    quizNext: "次の問題：",
  },
};
