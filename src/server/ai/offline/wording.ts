/**
 * The sentences the offline engine writes around the video's own words, in the transcript's
 * language: a quiz's questions, explanations, title and description, and a course's description.
 * A language without wording here gets the English. The app's interface text stays English.
 */
import { hasFinalPunctuation } from "~/lib/sentences";

import { baseLanguage } from "./language";

/** The words a quiz's text is made of, per language: a question, its explanation, the quiz's title and description. */
export type QuizWording = {
  question: (sentence: string) => string;
  explanation: (time: string, sentence: string) => string;
  title: (section: string) => string;
  description: (count: number, section: string) => string;
};

const ENGLISH: QuizWording = {
  question: (s) => `Complete what the video says: "${s}"`,
  explanation: (t, s) => `At ${t} the video says: "${s}"`,
  title: (section) => `Quiz: ${section}`,
  description: (n, section) => `${n} questions on what the video says in "${section}". Every answer is in the video.`,
};

const QUIZ_WORDING: Readonly<Record<string, QuizWording>> = {
  es: {
    question: (s) => `Completa lo que dice el vídeo: «${s}»`,
    explanation: (t, s) => `En ${t} el vídeo dice: «${s}»`,
    title: (section) => `Cuestionario: ${section}`,
    description: (n, section) => `${n} preguntas sobre lo que dice el vídeo en «${section}». Todas las respuestas están en el vídeo.`,
  },
  pt: {
    question: (s) => `Complete o que o vídeo diz: “${s}”`,
    explanation: (t, s) => `Em ${t} o vídeo diz: “${s}”`,
    title: (section) => `Questionário: ${section}`,
    description: (n, section) => `${n} perguntas sobre o que o vídeo diz em “${section}”. Todas as respostas estão no vídeo.`,
  },
  fr: {
    question: (s) => `Complétez ce que dit la vidéo : « ${s} »`,
    explanation: (t, s) => `À ${t}, la vidéo dit : « ${s} »`,
    title: (section) => `Quiz : ${section}`,
    description: (n, section) => `${n} questions sur ce que dit la vidéo dans « ${section} ». Toutes les réponses sont dans la vidéo.`,
  },
  de: {
    question: (s) => `Ergänze, was das Video sagt: „${s}“`,
    explanation: (t, s) => `Bei ${t} sagt das Video: „${s}“`,
    title: (section) => `Quiz: ${section}`,
    description: (n, section) => `${n} Fragen dazu, was das Video in „${section}“ sagt. Alle Antworten stehen im Video.`,
  },
  ja: {
    question: (s) => `動画の言葉を補ってください：「${s}」`,
    explanation: (t, s) => `${t} で動画はこう言っています：「${s}」`,
    title: (section) => `クイズ：${section}`,
    description: (n, section) => `「${section}」で動画が話していることについての${n}問。答えはすべて動画の中にあります。`,
  },
  zh: {
    question: (s) => `补全视频中的这句话：“${s}”`,
    explanation: (t, s) => `视频在 ${t} 说：“${s}”`,
    title: (section) => `测验：${section}`,
    description: (n, section) => `关于视频在“${section}”中所讲内容的 ${n} 道题。所有答案都在视频里。`,
  },
  ar: {
    question: (s) => `أكمل ما يقوله الفيديو: «${s}»`,
    explanation: (t, s) => `عند ${t} يقول الفيديو: «${s}»`,
    title: (section) => `اختبار: ${section}`,
    description: (n, section) => `${n} أسئلة عمّا يقوله الفيديو في «${section}». كل الإجابات موجودة في الفيديو.`,
  },
  hi: {
    question: (s) => `वीडियो में कही गई बात पूरी करें: “${s}”`,
    explanation: (t, s) => `${t} पर वीडियो कहता है: “${s}”`,
    title: (section) => `क्विज़: ${section}`,
    description: (n, section) => `“${section}” में वीडियो जो कहता है उस पर ${n} प्रश्न। सभी उत्तर वीडियो में हैं।`,
  },
};

/** A quiz's wording in a language (English when there is none for it). */
export function quizWording(language: string): QuizWording {
  return QUIZ_WORDING[baseLanguage(language)] ?? ENGLISH;
}

/** How a course description introduces the video and lists its chapters. */
type CourseWording = { follows: (video: string | null, count: number, list: string) => string; separator: string };

const COURSE_WORDING: Readonly<Record<string, CourseWording>> = {
  en: {
    follows: (v, n, list) => `This course follows the video "${v ?? "this video"}" in ${n} chapter${n === 1 ? "" : "s"}: ${list}`,
    separator: "; ",
  },
  es: { follows: (v, n, list) => `Este curso sigue ${v ? `el vídeo «${v}»` : "el vídeo"} en ${n} capítulo${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  pt: { follows: (v, n, list) => `Este curso acompanha ${v ? `o vídeo “${v}”` : "o vídeo"} em ${n} capítulo${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  fr: { follows: (v, n, list) => `Ce cours suit ${v ? `la vidéo « ${v} »` : "la vidéo"} en ${n} chapitre${n === 1 ? "" : "s"} : ${list}`, separator: " ; " },
  de: { follows: (v, n, list) => `Dieser Kurs folgt ${v ? `dem Video „${v}“` : "dem Video"} in ${n} Kapitel${n === 1 ? "" : "n"}: ${list}`, separator: "; " },
  ja: { follows: (v, n, list) => `このコースは${v ? `動画「${v}」` : "動画"}を${n}章でたどります：${list}`, separator: "、" },
  zh: { follows: (v, n, list) => `本课程分 ${n} 章讲解${v ? `视频“${v}”` : "这个视频"}：${list}`, separator: "；" },
  ar: { follows: (v, n, list) => `تتبع هذه الدورة ${v ? `الفيديو «${v}»` : "الفيديو"} في ${n} من الفصول: ${list}`, separator: "؛ " },
  hi: { follows: (v, n, list) => `यह कोर्स ${v ? `वीडियो “${v}”` : "वीडियो"} को ${n} अध्यायों में समझाता है: ${list}`, separator: "; " },
};

/** The sentence of a course description that names the video and lists the chapters, ended by the script's full stop. */
export function courseFollowsSentence(videoTitle: string | null, chapterTitles: readonly string[], language: string): string {
  const wording = COURSE_WORDING[baseLanguage(language)] ?? COURSE_WORDING.en!;
  const sentence = wording.follows(videoTitle, chapterTitles.length, chapterTitles.join(wording.separator));
  return hasFinalPunctuation(sentence) ? sentence : `${sentence}${fullStop(baseLanguage(language))}`;
}

function fullStop(base: string): string {
  return base === "ja" || base === "zh" ? "。" : base === "hi" ? "।" : ".";
}
