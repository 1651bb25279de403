/** English: the language the engine's own rules were written for, on spoken explanations. */
import type { EnglishGrammar, EnglishOnAllText, LanguagePack } from "../pack";

const CLOZE_PREFIX = "Complete what the video says:";

export const english: LanguagePack = {
  code: "en",
  francCode: "eng",
  rules: "english",
  words: {
    segmentation: "english",
    snowball: null,
    // Function words plus the filler vocabulary of spoken explanations ("going", "thing", "kind of",
    // "actually"): they carry no topic, so they must neither drive segmentation nor become titles.
    stopWords: `
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
`,
    titleFillers: "",
    clitics: null,
    functionWord: null,
    oneWord: null,
  },
  unspaced: false,
  fullStop: ".",
  openings: {
    kind: "english",
    // Strong markers introduce a new part almost by definition; weak ones ("Now", "So") often do
    // but are also everyday fillers.
    strong: [
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
    ],
    weak: [
      "now",
      "so",
      "well",
      "next",
      "then",
      "here",
      "first",
      "second",
      "third",
      "imagine",
      "consider",
      "remember",
      "recall",
      "suppose",
      "why",
      "what",
      "how",
    ],
    inner: [
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
    ],
    // A sponsor's message, or the return from one: creators give it a chapter of its own, and it
    // starts wherever the sentence puts it ("But first, this video is sponsored by …").
    sponsor: [
      "(?:is|was) sponsored by",
      "(?:is|was) brought to you by",
      "(?:today's|our|this video's|this episode's) sponsor",
      "thanks? (?:to )?\\S+(?: \\S+)? for sponsoring",
      "(?:now |and now )?back to (?:the video|the show|our (?:topic|story|video))",
    ],
  },
  leadingConnective: /^(?:but|so|and|now|well|okay|ok)(?:,\s*|\s+)/iu,
  phrases: { links: new Set(), articles: new Set(), notInPhrase: null, endsCapitalised: false },
  wordClass: { tagger: null, endings: [] },
  explains: {
    definition: [
      "is a",
      "is an",
      "is the",
      "are the",
      "means",
      "is called",
      "are called",
      "stands for",
      "is defined",
      "defined as",
      "refers to",
      "is just",
      "are just",
      "is simply",
      "which is a",
      "which is an",
      "which is the",
      "which means",
      "we define",
      "is what we call",
    ],
    cause: ["because", "since", "so that", "therefore", "that's why", "which is why", "causes", "leads to", "results in", "due to"],
    // "first" and "step" alone are as often "the first term" or "a strange step": a procedure is told to someone doing it.
    procedure: [
      "first you",
      "first we",
      "first,",
      "first of all",
      "step one",
      "step by step",
      "the first step",
      "the next step",
      "then you",
      "then we",
      "next you",
      "next we",
      "after that",
      "afterwards",
      "start by",
      "start with",
      "begin by",
      "you take",
      "by adding",
      "by taking",
      "by multiplying",
      "repeat",
    ],
    comparison: [
      "than",
      "unlike",
      "whereas",
      "compared to",
      "compared with",
      "instead of",
      "rather than",
      "the same as",
      "difference between",
      "in contrast",
      "versus",
    ],
    naming: ["is called", "are called", "called", "known as", "we call", "referred to as", "named"],
  },
  quiz: {
    question: (s) => `${CLOZE_PREFIX} "${s}"`,
    explanation: (t, s) => `At ${t} the video says: "${s}"`,
    title: (section) => `Quiz: ${section}`,
    description: (n, section) => `${n} questions on what the video says in "${section}". Every answer is in the video.`,
    open: {
      question: {
        definition: (x) => `In your own words, what does "${x}" mean, as the video defines it?`,
        cause: (x) => `In your own words, what reason does the video give about "${x}"?`,
        procedure: (x) => `In your own words, how does "${x}" work, step by step, as the video shows it?`,
        comparison: (x) => `In your own words, how does the video set "${x}" apart from what it compares it with?`,
        relation: (x, y) => `In your own words, how does the video connect "${x}" and "${y}"?`,
        explanation: (x) => `In your own words, what does the video explain about "${x}"?`,
      },
      fullAnswer: {
        definition: "A full answer says what it is and what sets it apart, in a sentence of your own.",
        cause: "A full answer says what leads to what, and why.",
        procedure: "A full answer says the steps and how one leads to the next.",
        comparison: "A full answer says what is compared and how the two differ.",
        relation: "A full answer says how the two are linked, as the video states it, in a sentence of your own.",
        explanation: "A full answer says what the video states about it and how the ideas connect.",
      },
      covered: "Your answer states what the video explains.",
      partial: (t) => `Your answer states part of what the video explains. Rewatch the explanation at ${t}.`,
      missed: (t) => `Your answer does not yet state what the video explains. Rewatch the explanation at ${t}.`,
      list: (t) => `Your answer lists words without saying how they relate. Write it as a sentence; the explanation is at ${t}.`,
      copied: (t) => `Your answer repeats the question. Say what the video explains at ${t}, in your own words.`,
      otherLanguage: (t) => `Please answer in English, the language of the course. The explanation is at ${t}.`,
    },
  },
  course: {
    follows: (v, n, list) => `This course follows the video "${v ?? "this video"}" in ${n} chapter${n === 1 ? "" : "s"}: ${list}`,
    separator: "; ",
  },
  playlist: {
    follows: (p, n, list) => `This course follows the playlist "${p ?? "this playlist"}" in ${n} video${n === 1 ? "" : "s"}: ${list}`,
    separator: "; ",
  },
  tutor: {
    offlineNote: "I'm in offline mode (no AI model is configured), so I answer with the parts of the video that match your question.",
    noTranscript: "This course's video has no transcript I can search, so I cannot answer from it.",
    noMatch: "The video does not cover that. Try the words the video itself uses, or look through the course outline.",
    closest: "The closest moments:",
    atMoment: (at) => `At ${at}, where you are watching, the video says:`,
    otherMoments: "Other moments that match your question:",
    hint: (at, about) =>
      `A hint, not the answer: watch again from ${at}${about ? `, where the video talks about ${about}` : ""}. What does it say happens there? Try to put it in your own words before you read further.`,
    quizBlank: (at) => `A question for you, from ${at}: which word fills the blank?`,
    quizOpen: (at) => `A question for you: what does the video explain at ${at}? Answer in your own words, then watch it to check.`,
    quizRight: (answer) => `Right! The missing word is “${answer}”.`,
    quizWrong: (answer) => `Not quite: the missing word is “${answer}”.`,
    quizNext: "Next question:",
  },
};

export const englishGrammar: EnglishGrammar = {
  titles: {
    /** Content words that never belong in a title: talk about the talk, judgements, stage directions. */
    neverInTitles: new Set(
      `video videos channel lesson patreon sponsor sponsors supporters subscribe animation animations screen
  okay lot lots bunch couple sense nice cool fun funny weird strange interesting beautiful lovely clever
  awesome amazing wonderful hard harder easier turns looks gives goes comes means makes write written
  writing draw drawing drew notice imagine remember consider showing shown seen saw told asked talked
  called describe describing describes explain explained explains thank thanks everyone audience viewer
  viewers minute minutes moment moments tend tends happens happened wanted needed two three four five six
  seven eight nine ten twelve twenty hundred thousand million billion half twice tens hundreds thousands
  millions times plus minus squared cubed`
        .split(/\s+/)
        .filter(Boolean),
    ),
    /** Words before a phrase that show it is used as a noun ("the cobweb diagram", "of prime numbers"). */
    determiners: new Set("the a an this these those our your its their his her my of each every some any another whose".split(" ")),
    /** Words after a phrase that show it is used as a noun ("the derivative is", "rate of"). */
    nounFollowers: new Set("is are was were has have of".split(" ")),
    /** Words before a phrase that show it is used as a verb ("it holds", "we combine", "to compute"). */
    verbLeaders: new Set("i you we they it he she to can could will would should might must may that which who what also just".split(" ")),
    /** Particles after a phrase that show a phrasal verb ("picks up", "spits out"). */
    particles: new Set("up out off down into onto through away".split(" ")),
  },
  quiz: {
    /** Topic-free words a transcript is full of; never a quiz answer. */
    generic: new Set(
      "video videos people person time times year years today minute minutes second seconds lesson channel subscribe guys everybody question questions answer answers problem problems step steps word words look looking moment idea ideas example examples place part parts side way".split(
        " ",
      ),
    ),
    /** Spelled-out numbers that can stand for one another ("one" is left out: it is as often a pronoun). */
    numerals: new Set("two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand million billion".split(" ")),
    /** Nouns that end in "s" without being plurals ("class", "basis", "physics", "series"). */
    singularInS: /(?:ss|us|is|ics|series|species|means|news|gas|lens|bus)$/,
    /** Words spelt with a vowel but said with a consonant ("a unit", "a one-off", "a European"). */
    consonantSound: /^(?:uni(?!mp|nt|nf|nh|ns|nv|nd|nl)|us[aeiu]|ut[ie]|ur[aeio]|ubi|eu|ewe|one(?![a-z])|once)/i,
    /** Words spelt with a consonant but said with a vowel ("an hour", "an honest", "an 8", "an 11"). */
    vowelSound: /^(?:hour|honest|honou?r|heir|8|1[18](?![\d.,])|1[18]\d\d(?!\d))/i,
    /** Initialisms whose first letter is said with a vowel ("an SVD", "an LLM", "an FFT"). */
    vowelLetter: /^[AEFHILMNORSX][A-Z0-9]*s?$/,
    /** Words that open a clause: where a sentence too long to quiz on may be cut. */
    clauseOpeners: new Set("and but so or because since when where which while if then now although though whereas".split(" ")),
    clozePrefix: CLOZE_PREFIX,
    statementQuestion: "Which statement does the video make in this section?",
    statementNote: "The other statements change a key word of what the video says.",
  },
  keyPoints: {
    /** Pronouns whose referent is outside the sentence (not "you" or "we": a lesson's generic subjects). */
    anaphora: new Set(["it", "its", "itself", "this", "that", "these", "those", "they", "them", "their", "he", "him", "his", "she", "her"]),
  },
  openQuestions: {
    /** Fields, places and everyday or all-purpose nouns: a section seldom explains one of them, it uses it. */
    broadAlone: new Set(
      `math maths mathematics science physics college school class university world life job career tip tips trick tricks
  product products evidence element elements function functions area areas rule rules understanding intuition approach
  approaches lesson lessons difference differences series diagram picture graph puzzle puzzles passion story topic concept
  process method system setup expression formula equation sum letter line shape size length order name reason argument
  language sense feeling thinking meter meters unit units neighbors neighbours change changes effect`
        .split(/\s+/)
        .filter(Boolean),
    ),
  },
};

export const englishOnAllText: EnglishOnAllText = {
  titles: {
    /** Generic words: fine inside a longer phrase ("prime numbers", "initial value"), never a title alone. */
    genericAlone: new Set(
      `number numbers value values problem problems question questions answer answers step steps time times
  people person word words reason version level amount side sides small large tiny huge simple basic
  general specific similar whole full true false fact case cases example examples idea ideas result
  results thing term terms part parts piece pieces kind form forms total single different year years
  month months week weeks day days hour hours top bottom middle left various previous following entire
  overall actual possible necessary relevant common usual points type types`
        .split(/\s+/)
        .filter(Boolean),
    ),
    /** Stop-listed adjectives that still classify a noun ("real numbers", "second derivative"); never a head. */
    classifying: new Set(["real", "first", "second", "third"]),
  },
  sentences: {
    /** Words a pseudo-sentence is best cut before: they open a clause (a connective, or its subject). */
    clauseOpeners: new Set(
      "so but because now then and which where when if okay ok well or since although maybe let's i you we they it he she there i'm you're we're it's that's there's".split(
        " ",
      ),
    ),
    /** Words a clause cannot end on: a pseudo-sentence is not cut after them, nor shown when it ends on one. */
    dangling: new Set(
      (
        "the a an of to in on at for with from by into onto about and or but so that this these those its their his her my your our " +
        "is are was were be been being has have had will would can could should very more most than as if because which who whose where when what how why whether not just"
      ).split(" "),
    ),
    /** Words an unpunctuated pseudo-sentence cannot start with: it began mid-clause. */
    midClauseStart: /^(?:is|are|was|were|be|been|of|to|than|'s)\b/i,
  },
  keyPoints: {
    /**
     * Openers that read as filler at the start of a stand-alone key sentence. The ambiguous ones
     * ("that is", "here", "like", "right", "see", "remember") and ordinals ("secondly", "finally")
     * only when a comma follows: "Here is the rule" and "Like charges repel" keep them.
     */
    leadingConnectives:
      /^(?:(?:and|but|so|now|well|okay|ok|alright|all right|then|also|or|anyway|again|in fact|of course|yeah|in other words|i mean|basically|actually|you know|after all)\b[,\s]*|(?:that is|here|like|right|you see|see|remember|first of all|secondly|thirdly|finally|lastly),\s*)+/i,
    /** Pointing at the screen: the sentence needs the picture to make sense. */
    pointsAtScreen:
      /\b(?:as you can see|you can see|you see here|(?:take a )?look at (?:this|that|these|those|it|here)|over here|right here|down here|up here|over there|on (?:the )?screen|shown here|looks? like this|this (?:one|guy|picture|diagram|image|animation|graph|plot|figure|slide|thing)\b)|\b(?:here|like this|like so)[.!]?$/i,
    /** Talk about the video, the channel or the viewer rather than the subject. */
    aboutTheVideo:
      /\b(?:subscribe|patreon|sponsor(?:ed|s)?|merch|(?:in the|links? in the) description|(?:this|the|next|last|previous|following|earlier|upcoming|today's) (?:\w+ )?videos?|this series|this channel|the channel|in the comments|comments? below|an ad|ads|advert\w*|thanks? (?:to|for)|thank you)\b/i,
    /** A greeting, or a prompt to the viewer: it addresses the audience rather than stating an idea. */
    toTheViewer: /^(?:hi|hello|hey|welcome|good (?:morning|afternoon|evening)|tell me|pause|ask yourself|take a (?:moment|second))\b/i,
    /** A continuation: it needs the sentence before it. */
    continuationStart: /^(?:which|who|whom|whose|where|whereas|whereby|than|as well|etc|too|either)\b/i,
    /** Questions in captions without a question mark: a wh-word, or an auxiliary before its subject. */
    unmarkedQuestion:
      /^(?:what|why|how|where|who|whose|(?:do|does|did|is|are|was|were|can|could|would|should|will|have|has|isn't|aren't|doesn't|don't|wouldn't)\s+(?:you|we|i|it|they|that|this|there|he|she))\b/i,
    /** A definition reads well on its own. */
    defining: /\b(?:is|are|means|is called|are called|gives|tells you|is defined|defines|equals)\b/i,
    /** About the speaker rather than the subject (reads less well on its own). */
    aboutTheSpeaker: /^(?:i|my|i'm|i've|i'd)\b/i,
    /** An instruction to the viewer (reads less well on its own). */
    instruction: /^(?:tell|notice|pause|think|take|let's|let me|look|imagine|try|go|maybe|perhaps)\b/i,
    /** Opens on a reference to what came before (reads less well on its own). */
    pronounStart: /^(?:it|this|that|they|these|those)\b/i,
  },
};
