/**
 * Grades an answer to an open question without a model. What it rewards is the reference's
 * explanation stated in the learner's sentences:
 * - content: the share of the reference's key ideas the answer says, or (when more) the mean of
 *   that share and the share of the reference's other content words it says: a paraphrase that
 *   keeps the terms and changes the rest earns nearly all of it. Words match by the language's
 *   stems, by a shared start (so "merging" says "merge", "mitades" says "mitad") and, in English,
 *   by the tagger's lemmas ("ran" says "run") and by word vectors ("quick" says "fast", "picture"
 *   says "image"; see SYNONYM_SIMILARITY);
 * - relation: an answer with no words between its terms (a bare list, or the key ideas pasted
 *   one after another) states no relation between them and earns a fraction of its content;
 * - never what the question itself says: an answer that only says the question back earns at
 *   most COPY_CREDIT;
 * - an answer written in another language than the course's (and saying nothing of the reference
 *   in the course's) earns nothing and is asked for in the course's language: the offline grader
 *   compares words, so it cannot read it (the model grader can).
 * The feedback says what kind of statement is missing and the moment to rewatch; it never names
 * the key ideas, so a retry cannot paste them.
 */
import { OPEN_QUESTION_KINDS, type OpenQuestionKind } from "~/server/language/pack";
import { packFor } from "~/server/language/language-packs";
import { isContentWord, stem, type Term, terms, tokenize, type WordPiece, wordPieces, words } from "~/server/language/text";
import { englishWordVectors, type WordVectors } from "~/server/language/word-vectors";

import { baseLanguage } from "~/lib/languages";

import { detectLanguage } from "./language";
import { type PartOfSpeech, tag, type TaggedToken } from "./nlp";
import { formatTime } from "./quiz-options";
import { joinSentences, quizWording } from "./wording";

export type OpenGrade = {
  credit: number;
  /** The answer mostly repeats the question. */
  copied: boolean;
  /** The answer lists terms without words relating them. */
  listed: boolean;
  /** The answer is in another language than the course's. */
  otherLanguage: boolean;
};

/** The most an answer that mostly repeats the question earns. */
export const COPY_CREDIT = 0.2;
/** The share of its content a bare list of terms earns. */
export const LIST_FACTOR = 0.25;
/** An answer whose content words are this share of the question's (or more) repeats it. */
const COPY_SHARE = 0.8;
/** Stems this long that one begins with the other are one word ("normaliz" and "normalization"). */
const SHARED_PREFIX = 5;
/** Ideas graded when a question has none stored: the reference's first content words. */
const FALLBACK_IDEAS = 4;
/** An answer of this many words or fewer, or with this small a share of words besides its terms, states no relation. */
const LIST_MAX_WORDS = 2;
const LIST_RELATING_SHARE = 0.15;
/** The tags of English words that relate others; an English answer of three words or more with none is a list. */
const FUNCTION_WORD_TAGS: ReadonlySet<PartOfSpeech> = new Set(["ADP", "AUX", "CCONJ", "DET", "PART", "PRON", "SCONJ"]);
/** Content above which an answer covers what the reference states, and below which it has missed it. */
const COVERED_CREDIT = 0.85;
const PARTIAL_CREDIT = 0.3;
/** Below this much content an answer franc reads as another course language is one (cognates such as "activation" share a little). */
const OTHER_LANGUAGE_CONTENT = 0.5;
const OTHER_LANGUAGE_MIN_CHARS = 20;
/**
 * English words whose vectors' cosine is this or more say each other ("quick" and "fast" 0.71,
 * "procedure" and "process" 0.65, "terrible" and "bad" 0.71). Vectors measure relatedness as much as
 * sameness ("function" and "integral" 0.70, "training" and "testing" 0.61), hence the other rules of
 * englishSynonymsSaid. Chosen on the tuned half of the grading set: ρ 0.903 at 0.5 and 0.55, 0.892
 * at 0.6 and 0.890 at 0.45 (an off-topic answer starts to earn); the stricter of the two best.
 */
const SYNONYM_SIMILARITY = 0.55;
/** Words shorter than this never match by meaning: short words are vague, and GloVe's are noisy. */
const SYNONYM_MIN_LETTERS = 4;

export type OpenQuestionToGrade = { questionText: string; reference: string; keyIdeas: readonly string[] };

function sameTerm(a: Term, b: Term): boolean {
  return sameWord(a.stem, b.stem) || sameWord(a.surface.toLowerCase(), b.surface.toLowerCase());
}

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= SHARED_PREFIX && long.startsWith(short);
}

/** Every word of a text, content or not, in the language's segmentation. */
function allWords(text: string, language: string): number {
  return wordPieces(text, language)?.length ?? words(text).length;
}

/** Whether an answer states no relation: too few words, or hardly any besides its terms, or comma-separated single terms. */
function isList(answer: string, said: readonly Term[], language: string): boolean {
  const count = allWords(answer, language);
  if (count <= LIST_MAX_WORDS) return true;
  if ((count - said.length) / count < LIST_RELATING_SHARE) return true;
  const parts = answer.split(/[,;、，،؛\n]+/u).filter((part) => part.trim() !== "");
  return parts.length >= 3 && parts.every((part) => allWords(part, language) <= LIST_MAX_WORDS);
}

export function gradeOpenAnswer(answer: string, question: OpenQuestionToGrade, language: string): OpenGrade {
  const asked = new Set(tokenize(question.questionText, language));
  const said = terms(answer, language);
  const tagged = packFor(language).words.segmentation === "english" ? tag(answer) : null;
  // A stemmer may cut two forms of a word apart ("mitad" → "mit", "mitades" → "mitad"); their spellings still share the start.
  // English irregular forms share neither ("ran" and "run", "mice" and "mouse"): the tagger's lemmas meet.
  const lemmas = tagged && new Set(tagged.map((token) => token.lemma.toLowerCase()));
  const saysLiterally = (word: Term) => said.some((own) => sameTerm(own, word)) || (lemmas !== null && lemmas.has(lemmaOf(word.surface)));
  const ideas = ideasOf(question, asked, language);
  const ideaStems = new Set(ideas.flatMap((idea) => idea.terms.map((term) => term.stem)));
  const rest = distinct(terms(question.reference, language)).filter((term) => !asked.has(term.stem) && !ideaStems.has(term.stem));
  // Without the vectors (package not installed) English is graded as it was before they came.
  const vectors = tagged && englishWordVectors();
  const ideaTerms = ideas.flatMap((idea) => idea.terms);
  const bySynonym =
    vectors && tagged
      ? englishSynonymsSaid(
          vectors,
          { said, tagged },
          { ideas: ideaTerms, reference: [...ideaTerms, ...rest], tagged: tag(question.reference) },
          asked,
          saysLiterally,
        )
      : new Map<string, string>();
  const saysIt = (word: Term) => saysLiterally(word) || bySynonym.has(word.stem);
  const ideaShare = ideas.length === 0 ? 0 : ideas.filter((idea) => idea.terms.every(saysIt)).length / ideas.length;
  const restShare = rest.length === 0 ? ideaShare : rest.filter(saysIt).length / rest.length;
  const content = Math.max(ideaShare, (ideaShare + restShare) / 2);

  const repeated = said.filter((word) => asked.has(word.stem)).length;
  const copied = said.length > 0 && repeated / said.length >= COPY_SHARE;
  // Synonyms earn too with the vectors: a list of them must not pass for a statement by one stop word ("vectors rests end total").
  const listed = !copied && content > 0 && (isList(answer, said, language) || (tagged !== null && vectors !== null && relatesNothing(tagged)));
  const otherLanguage =
    content < OTHER_LANGUAGE_CONTENT &&
    answer.trim().length >= OTHER_LANGUAGE_MIN_CHARS &&
    detectLanguage(answer) !== baseLanguage(language) &&
    knownLanguage(answer);
  if (!copied && !otherLanguage && !listed) {
    // A list beside a sentence that relates nothing of it (a list and the feedback's words pasted after it) is still a list:
    // what only the list sentences earn counts as a list.
    const isListSentence = (sentence: string) => isList(sentence, terms(sentence, language), language) || (vectors !== null && relatesNothing(tag(sentence)));
    const sentences = answer.split(SENTENCE_BREAK).filter((sentence) => sentence.trim() !== "");
    // A word says an idea's term where it stands: literally, by its lemma, or as the synonym found for that term.
    const wordSays = (word: Term, ideaTerm: Term) =>
      sameTerm(word, ideaTerm) || (tagged !== null && lemmaOf(word.surface) === lemmaOf(ideaTerm.surface)) || bySynonym.get(ideaTerm.stem) === word.stem;
    const statements = sentences
      .filter((sentence) => !isListSentence(sentence))
      .map((sentence) => withoutListRuns(withoutIdeaRuns(sentence, { ideas, wordSays, language }), language));
    const stated = statements.join(" ");
    if (stated.trim() !== "" && stated !== sentences.join(" ")) {
      const statedGrade = gradeOpenAnswer(stated, question, language);
      if (statedGrade.credit < content) {
        const credit = statedGrade.credit + (content - statedGrade.credit) * LIST_FACTOR;
        return { credit: Math.round(credit * 100) / 100, copied, listed: true, otherLanguage };
      }
    }
  }
  const credit = otherLanguage ? 0 : copied ? Math.min(content, COPY_CREDIT) : listed ? content * LIST_FACTOR : content;
  return { credit: Math.round(credit * 100) / 100, copied, listed, otherLanguage };
}

/** A sentence without its runs of three or more comma-separated single terms ("key, bucket, spreads, evenly this is how…"). */
function withoutListRuns(sentence: string, language: string): string {
  const parts = sentence.split(/[,;、，،؛]+/u);
  const short = parts.map((part) => allWords(part, language) <= LIST_MAX_WORDS);
  const inRun = parts.map((_, k) => {
    let start = k;
    while (start > 0 && short[start - 1]) start -= 1;
    let end = k;
    while (end < parts.length - 1 && short[end + 1]) end += 1;
    return short[k] && end - start + 1 >= 3;
  });
  return inRun.some(Boolean) ? parts.filter((_, k) => !inRun[k]).join(",") : sentence;
}

/** What may stand between two words of a run that relates nothing: spaces and commas (a semicolon ends a clause). */
const RUN_GAP = /^[\s,、，،]*$/u;
/**
 * A run of content words saying this many ideas with nothing relating them, and made of idea words
 * for this share or more, is a list wherever it stands ("key bucket number spreads evenly"); a
 * clause without function words has words of its own ("a good function spreads keys evenly": 3 of 4)...
 */
const IDEA_RUN_MIN = 3;
const IDEA_RUN_SHARE = 0.8;
/** ...unless it is a clause of its own this short that ends where its sentence or clause ends ("; keys spread evenly."). */
const CLAUSE_RUN_MAX = 3;
const CLAUSE_END = /^\s*(?:[;.!?。！？؛]|$)/u;

/**
 * A sentence without its runs of content words that say IDEA_RUN_MIN ideas or more with no
 * function word between them: the key ideas typed one after another and run on into a clause
 * ("rendered pixel grid grayscale is what it says"). A compound ("pixel grid") says two at most.
 */
function withoutIdeaRuns(
  sentence: string,
  { ideas, wordSays, language }: { ideas: readonly { terms: Term[] }[]; wordSays: (word: Term, ideaTerm: Term) => boolean; language: string },
): string {
  const pieces = wordPieces(sentence, language) ?? englishPieces(sentence);
  const runs: { start: number; end: number; words: Term[] }[] = [];
  let previous: WordPiece | null = null;
  for (const piece of pieces) {
    const word = piece.stem === null ? null : { stem: piece.stem, surface: piece.surface };
    const open = runs.at(-1);
    if (word && open && previous?.stem != null && RUN_GAP.test(sentence.slice(previous.end, piece.start))) {
      open.end = piece.end;
      open.words.push(word);
    } else if (word) runs.push({ start: piece.start, end: piece.end, words: [word] });
    previous = piece;
  }
  const saysIdeas = (run: Term[]) => ideas.filter((idea) => idea.terms.every((term) => run.some((word) => wordSays(word, term)))).length;
  const ideaWordShare = (run: Term[]) => run.filter((word) => ideas.some((idea) => idea.terms.some((term) => wordSays(word, term)))).length / run.length;
  const isClause = (run: { end: number; words: Term[] }) => run.words.length <= CLAUSE_RUN_MAX && CLAUSE_END.test(sentence.slice(run.end));
  const lists = runs.filter(
    (run) => run.words.length >= IDEA_RUN_MIN && saysIdeas(run.words) >= IDEA_RUN_MIN && ideaWordShare(run.words) >= IDEA_RUN_SHARE && !isClause(run),
  );
  return lists.reduceRight((text, run) => text.slice(0, run.start) + text.slice(run.end), sentence);
}

/** An English text's words where they stand, with the stems of its content words (as `terms` reads them). */
function englishPieces(text: string): WordPiece[] {
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  return [...lower.matchAll(/[a-z0-9]+(?:'[a-z]+)?/g)].map((match) => {
    const word = match[0];
    const surface = word.endsWith("'s") ? word.slice(0, -2) : word;
    return { start: match.index, end: match.index + word.length, surface, stem: isContentWord(word) ? stem(surface) : null };
  });
}

/** Where an answer's sentences end. */
const SENTENCE_BREAK = /(?<=[.!?。！？])\s+|\n+/u;

/**
 * The stems of the key ideas an English answer says by a synonym, each with the stem of the answer's word that says it: each of its content words that
 * is no reference word (nor one the question says) stands for the one key idea, not said
 * otherwise, it is closest to in vector space, when close enough. Only key ideas: the reference's
 * other words are everyday ones more often ("want", "look", "nothing"), and vectors put everyday
 * words near each other ("remember" is 0.72 from "nothing"), so "I do not remember" said them.
 */
function englishSynonymsSaid(
  vectors: WordVectors,
  answer: { said: readonly Term[]; tagged: readonly TaggedToken[] },
  { ideas, reference, tagged }: { ideas: readonly Term[]; reference: readonly Term[]; tagged: readonly TaggedToken[] },
  asked: ReadonlySet<string>,
  saysLiterally: (word: Term) => boolean,
): Map<string, string> {
  const { said } = answer;
  const found = new Map<string, string>();
  const spelling = (word: Term) => word.surface.toLowerCase();
  // A synonym is the same kind of word where each text says it: vectors also put a noun near an adverb ("attention", "quickly" 0.60).
  const answerClass = wordClasses(answer.tagged);
  const referenceClass = wordClasses(tagged);
  const sameClass = (word: Term, target: Term) => {
    const [a, b] = [answerClass.get(spelling(word)), referenceClass.get(spelling(target))];
    return a === undefined || b === undefined || a === b;
  };
  const eligible = (word: Term) => spelling(word).length >= SYNONYM_MIN_LETTERS && /^[a-z]+$/.test(spelling(word));
  const unsaid = distinct(ideas).filter((word) => eligible(word) && !saysLiterally(word));
  const referenceLemmas = new Set(reference.map((word) => lemmaOf(word.surface)));
  const standIns = said.filter(
    (word) => eligible(word) && !asked.has(word.stem) && !reference.some((other) => sameTerm(word, other)) && !referenceLemmas.has(lemmaOf(word.surface)),
  );
  for (const word of standIns) {
    let best: { stem: string; similarity: number } | null = null;
    for (const target of unsaid) {
      const similarity = vectors.similarity(spelling(word), spelling(target)) ?? 0;
      if (similarity >= SYNONYM_SIMILARITY && similarity > (best?.similarity ?? 0) && sameClass(word, target)) best = { stem: target.stem, similarity };
    }
    if (best) found.set(best.stem, word.stem);
  }
  return found;
}

/** Each word's class as its text uses it (noun, verb, adjective, adverb), by its lower-case spelling; the first use decides. */
function wordClasses(tagged: readonly TaggedToken[]): Map<string, string> {
  const classes = new Map<string, string>();
  for (const token of tagged) {
    const wordClass = WORD_CLASS[token.pos];
    const spelling = token.text.toLowerCase();
    if (wordClass && !classes.has(spelling)) classes.set(spelling, wordClass);
  }
  return classes;
}

const WORD_CLASS: Partial<Record<PartOfSpeech, string>> = {
  NOUN: "noun",
  PROPN: "noun",
  VERB: "verb",
  AUX: "verb",
  ADJ: "adjective",
  ADV: "adverb",
  PRON: "pronoun",
};

/** Whether a tagged English answer of three words or more has no function word (article, preposition, pronoun, conjunction, auxiliary) to relate its terms. */
function relatesNothing(tagged: readonly TaggedToken[]): boolean {
  const spoken = tagged.filter((token) => token.pos !== "PUNCT");
  return spoken.length >= LIST_MAX_WORDS + 1 && !spoken.some((token) => FUNCTION_WORD_TAGS.has(token.pos));
}

function lemmaOf(word: string): string {
  return (tag(word)[0]?.lemma ?? word).toLowerCase();
}

/** Whether franc reads the answer as a course language (else "unsure" would read as English). */
function knownLanguage(answer: string): boolean {
  return packFor(detectLanguage(answer)).code === detectLanguage(answer);
}

function distinct(list: readonly Term[]): Term[] {
  const seen = new Set<string>();
  return list.filter((term) => !seen.has(term.stem) && seen.add(term.stem));
}

/** The ideas an answer is graded on, less any the question already says. */
function ideasOf(question: OpenQuestionToGrade, asked: ReadonlySet<string>, language: string): { surface: string; terms: Term[] }[] {
  const stored = question.keyIdeas.map((surface) => ({ surface, terms: terms(surface, language) }));
  const ideas =
    stored.length > 0
      ? stored
      : terms(question.reference, language)
          .slice(0, FALLBACK_IDEAS)
          .map((term) => ({ surface: term.surface, terms: [term] }));
  return ideas.filter((idea) => idea.terms.length > 0 && !idea.terms.every((term) => asked.has(term.stem)));
}

/** What a question asks for, read back from its wording ("explanation" for one worded otherwise, as older questions are). */
export function openQuestionKind(questionText: string, language: string): OpenQuestionKind {
  const { question } = quizWording(language).open;
  const found = OPEN_QUESTION_KINDS.find((kind) => {
    const wording = kind === "relation" ? question.relation("\u0000", "\u0000") : question[kind]("\u0000");
    const pattern = wording
      .split("\u0000")
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+");
    return new RegExp(`^${pattern}$`, "su").test(questionText);
  });
  return found ?? "explanation";
}

/**
 * The feedback on a graded answer, in the course's language; `sourceTime` the moment that
 * explains it. It guides (what a full answer states, where to rewatch) without naming the ideas.
 */
export function openFeedback(grade: OpenGrade, question: Pick<OpenQuestionToGrade, "questionText">, sourceTime: number | null, language: string): string {
  const wording = quizWording(language).open;
  const at = formatTime((sourceTime ?? 0) * 1000);
  if (grade.otherLanguage) return wording.otherLanguage(at);
  if (grade.copied) return wording.copied(at);
  if (grade.listed) return wording.list(at);
  if (grade.credit >= COVERED_CREDIT) return wording.covered;
  const fullAnswer = wording.fullAnswer[openQuestionKind(question.questionText, language)];
  return joinSentences([grade.credit >= PARTIAL_CREDIT ? wording.partial(at) : wording.missed(at), fullAnswer], language);
}
