/**
 * What the offline engine knows of one course language, in one place: how its words are found
 * and stemmed, which of them carry no topic, how a speaker announces a new part, how a title and
 * a phrase are shaped, and the sentences the engine writes around the video's own words. One
 * module per language (packs/<code>.ts); language-packs.ts lists them.
 */

export type WordClass = "noun" | "adjective" | "verb" | "adverb";

/** The taggers of the compromise family the quiz reads word classes with (word-class.ts loads them). */
export type TaggerPackage = "es-compromise" | "fr-compromise" | "de-compromise";

/**
 * What a section's sentence explains about a topic, which an open question asks for: what the
 * pack's `explains` words show, else how the topic relates to another term the sentence names.
 * "explanation" is the older, vaguer question, still read back from the wording of saved quizzes.
 */
export const OPEN_QUESTION_KINDS = ["definition", "cause", "procedure", "comparison", "relation", "explanation"] as const;
export type OpenQuestionKind = (typeof OPEN_QUESTION_KINDS)[number];
/** The kinds a sentence shows by its words (the pack's `explains`). */
export type ExplainingKind = Exclude<OpenQuestionKind, "relation" | "explanation">;

/** The words a quiz's text is made of: a question, its explanation, the quiz's title and description. */
export type QuizWording = {
  readonly question: (sentence: string) => string;
  readonly explanation: (time: string, sentence: string) => string;
  readonly title: (section: string) => string;
  readonly description: (count: number, section: string) => string;
  /**
   * An open question (answered in the learner's own words) by what its reference explains, and
   * the feedback on an answer to it. No text names the reference's key ideas: feedback guides
   * without handing out words to paste.
   */
  readonly open: {
    readonly question: Readonly<Record<Exclude<OpenQuestionKind, "relation">, (label: string) => string>> & {
      /** How the video relates two terms its sentence names. */
      readonly relation: (label: string, other: string) => string;
    };
    /** What a full answer states, shown with the reference after grading (and in partial feedback). */
    readonly fullAnswer: Readonly<Record<OpenQuestionKind, string>>;
    /** The answer states what the reference explains. */
    readonly covered: string;
    /** The answer states part of it; `time`: the moment to rewatch. */
    readonly partial: (time: string) => string;
    /** The answer states little or nothing of it. */
    readonly missed: (time: string) => string;
    /** The answer lists words without saying how they relate. */
    readonly list: (time: string) => string;
    /** The answer only says the question back. */
    readonly copied: (time: string) => string;
    /** The answer is written in another language than the course's. */
    readonly otherLanguage: (time: string) => string;
  };
};

/** How a course description introduces the video (or playlist) and lists its chapters (or videos). */
export type CourseWording = { readonly follows: (title: string | null, count: number, list: string) => string; readonly separator: string };

/** The sentences the tutor writes around the passages it quotes when there is no model. */
export type TutorWording = {
  readonly offlineNote: string;
  readonly noTranscript: string;
  readonly noMatch: string;
  readonly closest: string;
  /** `at` is a [m:ss] link. */
  readonly atMoment: (at: string) => string;
  readonly otherMoments: string;
  /** "Hint only": where to look and what to think about, never the answer. `about`: the learner's own words the moment holds, as a list, or null. */
  readonly hint: (at: string, about: string | null) => string;
  /** "Quiz me": introduces a sentence of the video with one word left out (shown after it as "_____"). */
  readonly quizBlank: (at: string) => string;
  /** "Quiz me" when no word of the moment can be left out: an open question about it. */
  readonly quizOpen: (at: string) => string;
  /** The answer to the last blank, shown as a quoted word. */
  readonly quizRight: (answer: string) => string;
  readonly quizWrong: (answer: string) => string;
  readonly quizNext: string;
};

/**
 * The words speakers open a new part with (cues.ts). "english" is matched on the lower-cased
 * sentence word by word, a strong marker anywhere in an unpunctuated caption line counting half,
 * a sponsor's message anywhere in full. "markers" is matched on the folded sentence:
 * - strong openings announce a new part almost by definition, weak ones often do but are also
 *   fillers (`optionalOpening` may come before either: a leading "و", "and", in Arabic);
 * - inner markers count anywhere in the sentence, for half;
 * - turns count anywhere in full: where the verb ends the sentence, "let's start with…" does too
 *   (…から始めましょう, 让我们从…开始);
 * - question words count anywhere in a short question, as an opening one does in English.
 * "none": the language has no markers, so no sentence is a cue.
 *
 * Each list mirrors the English one concept by concept: "all right", "by the way", "let's turn
 * to", "take a moment", "take a step back", "here's a…", "let's sum up", "to start" / "to close",
 * "as another / a final example", "another way", "in the next / last video", "for the next…",
 * "so far", "at this point", "now for…", a sponsor; "so", "then", "now", "well", "imagine" and
 * the question words are weak. Where the language moves a marker inside the sentence ("Ich
 * glaube übrigens, …", "… resumamos"), it is an inner marker. The lists come from how each
 * language announces a turn, not from any video's transcript.
 */
export type DiscourseMarkers =
  | {
      readonly kind: "english";
      readonly strong: readonly string[];
      readonly weak: readonly string[];
      readonly inner: readonly string[];
      readonly sponsor: readonly string[];
    }
  | {
      readonly kind: "markers";
      readonly strong: readonly string[];
      readonly weak: readonly string[];
      readonly inner: readonly string[];
      readonly turns: readonly string[];
      readonly questionWords: readonly string[];
      readonly optionalOpening: string | null;
    }
  | { readonly kind: "none" };

export type LanguagePack = {
  /** BCP 47 primary subtag. */
  readonly code: string;
  /** franc's ISO 639-3 code for the language, which detection (ai/offline/language.ts) reads as `code`. */
  readonly francCode: string;
  /**
   * How the engine builds a course: "english" tags the transcript (wink-nlp) for noun phrases,
   * quiz words and key points that read on their own; "terms" takes runs of content words.
   */
  readonly rules: "english" | "terms";
  readonly words: {
    /** "english": text.ts's own word rules and light stemmer; "intl": Intl.Segmenter, stopwords-iso and Snowball. */
    readonly segmentation: "english" | "intl";
    /** Snowball's algorithm for the language, where it has one. */
    readonly snowball: string | null;
    /**
     * Stop words of the language's own, space-separated: English's whole list; with "intl", what
     * is added to stopwords-iso's written function words. That is the filler vocabulary of spoken
     * explanations: the counterparts of English's "actually", "really", "thing", "kind of",
     * "know", "think", "see", "need", "same", "different", "example", "case", "important" and the
     * like, and the adjectival suffix "的" that the segmenter splits off ("基本的"). Like the
     * English list, they carry no topic, so they must neither drive segmentation nor become
     * titles. Chinese and Japanese have one because ICU's dictionary leaves these words whole and
     * frequent (可能, 现在, 非常, 中的); with it, Chinese chapters follow the English engine's on
     * the same videos more closely (F1 between the two 0.689 → 0.715). The same lists for German,
     * Spanish, French, Portuguese, Arabic and Hindi moved them away from English, so those
     * languages keep stopwords-iso alone, except that Hindi gets the function words
     * stopwords-iso's Hindi list lacks: pronouns, auxiliaries and participles (आपको, हूं, करके),
     * without which titles read "व्युत्पन्न आपको" ("derivative to you").
     */
    readonly stopWords: string;
    /**
     * The same filler vocabulary ("actually", "thing", "know", "example", "way", "called"…) for the
     * languages whose chapters did better with it left in: dropping it moved their chapters away
     * from the English engine's on the same videos. It still must not become a title ("Einfach
     * mehrere Werte", "Llamada eje"), so these words stay out of title phrases only (term-phrases.ts).
     */
    readonly titleFillers: string;
    /** Function words written onto the next word (proclitics) and onto the end (an enclitic pronoun). */
    readonly clitics: { readonly proclitics: readonly string[]; readonly enclitic: RegExp } | null;
    /** A word spelled this way is a function word. */
    readonly functionWord: RegExp | null;
    /** Touching pieces both spelled this way are one word again (the segmenter cut them). */
    readonly oneWord: RegExp | null;
  };
  /** Written without spaces between words: a marker is a prefix, not a word. */
  readonly unspaced: boolean;
  /** The full stop a sentence gets when it has no final punctuation. */
  readonly fullStop: string;
  readonly openings: DiscourseMarkers;
  /** A discourse connective that opens a spoken-style title and carries nothing once the title stands alone. */
  readonly leadingConnective: RegExp;
  /** Title phrases of the "terms" rules (term-phrases.ts). */
  readonly phrases: {
    /** Words that link two nouns inside a phrase ("de"), and the articles that may follow them ("la"). */
    readonly links: ReadonlySet<string>;
    readonly articles: ReadonlySet<string>;
    /** A word spelled this way is no topic word, so stays out of phrases. */
    readonly notInPhrase: RegExp | null;
    /** A phrase ends on a capitalised word (German capitalises every noun). */
    readonly endsCapitalised: boolean;
  };
  /** The class of a quiz word: by a tagger, else by the endings that mark one class only (checked in order). */
  readonly wordClass: { readonly tagger: TaggerPackage | null; readonly endings: readonly (readonly [RegExp, WordClass])[] };
  /**
   * Words that show what a sentence explains (open-questions.ts): it defines ("is called"), gives
   * a cause ("because"), a procedure ("first you", "step by step") or a comparison ("unlike").
   * Matched as whole words on the folded sentence, as substrings where the language is written
   * without spaces.
   */
  readonly explains: Readonly<Record<ExplainingKind, readonly string[]>> & {
    /** Words after which a sentence names what it defines ("this is called a gradient"): the defined term follows them. */
    readonly naming: readonly string[];
  };
  readonly quiz: QuizWording;
  readonly course: CourseWording;
  readonly playlist: CourseWording;
  readonly tutor: TutorWording;
};

/**
 * What the English rules (`rules: "english"`, the tagged transcript) know of English besides its
 * pack: words that mark a phrase's use, a quiz word's kind and a reference outside the sentence.
 * packs/en.ts holds it; titles.ts, quiz.ts and content.ts import it from there, as only English's
 * rules read it.
 */
export type EnglishGrammar = {
  /** Phrases of the tagged transcript (titles.ts). */
  readonly titles: {
    readonly neverInTitles: ReadonlySet<string>;
    readonly determiners: ReadonlySet<string>;
    readonly nounFollowers: ReadonlySet<string>;
    readonly verbLeaders: ReadonlySet<string>;
    readonly particles: ReadonlySet<string>;
  };
  /** The English quiz (quiz.ts): its words, its grammar, and the sentences the pack's `quiz` wording has no place for. */
  readonly quiz: {
    readonly generic: ReadonlySet<string>;
    readonly numerals: ReadonlySet<string>;
    readonly singularInS: RegExp;
    readonly consonantSound: RegExp;
    readonly vowelSound: RegExp;
    readonly vowelLetter: RegExp;
    readonly clauseOpeners: ReadonlySet<string>;
    /** What the pack's `quiz.question` opens with. */
    readonly clozePrefix: string;
    readonly statementQuestion: string;
    /** Follows the explanation of a statement question. */
    readonly statementNote: string;
  };
  /** Key points read by their parse (content.ts's `selfContained`). */
  readonly keyPoints: { readonly anaphora: ReadonlySet<string> };
  /** Open questions (open-questions.ts). */
  readonly openQuestions: {
    /** Words too broad to be what an open question asks about alone ("math", "area", "function"), fine in a longer phrase. */
    readonly broadAlone: ReadonlySet<string>;
  };
};

/**
 * English lists the engine runs on every language's text, whatever its rules: no other language
 * has lists of its own for these, and their figures were measured with English's (a sentence in
 * another language seldom matches, but can: "ok", "patreon", a Spanish "total"). packs/en.ts holds
 * them; titles.ts and content.ts import them from there.
 */
export type EnglishOnAllText = {
  /** Generic words a title phrase may not consist of alone (titles.ts' `rankKeyPhrases`, for every language). */
  readonly titles: { readonly genericAlone: ReadonlySet<string>; readonly classifying: ReadonlySet<string> };
  /** Where a pseudo-sentence of unpunctuated captions is cut, and whether one was cut mid-clause (content.ts). */
  readonly sentences: { readonly clauseOpeners: ReadonlySet<string>; readonly dangling: ReadonlySet<string>; readonly midClauseStart: RegExp };
  /** Whether a sentence can stand alone as a key point, and how well it reads (content.ts). */
  readonly keyPoints: {
    readonly leadingConnectives: RegExp;
    readonly pointsAtScreen: RegExp;
    readonly aboutTheVideo: RegExp;
    readonly toTheViewer: RegExp;
    readonly continuationStart: RegExp;
    readonly unmarkedQuestion: RegExp;
    readonly defining: RegExp;
    readonly aboutTheSpeaker: RegExp;
    readonly instruction: RegExp;
    readonly pronounStart: RegExp;
  };
};
