/**
 * The sentences the offline engine writes around the video's own words, in the transcript's
 * language: a quiz's questions, explanations, title and description, and a course's description.
 * A language without wording here gets the English. The app's interface text stays English.
 */
import { hasFinalPunctuation } from "~/lib/sentences";

import { baseLanguage } from "~/lib/languages";

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
  return followsSentence(COURSE_WORDING, videoTitle, chapterTitles, language);
}

function followsSentence(table: Readonly<Record<string, CourseWording>>, title: string | null, items: readonly string[], language: string): string {
  const wording = table[baseLanguage(language)] ?? table.en!;
  return endSentence(wording.follows(title, items.length, items.join(wording.separator)), language);
}

function fullStop(base: string): string {
  return base === "ja" || base === "zh" ? "。" : base === "hi" ? "।" : ".";
}

/** A sentence ended by its final punctuation: the language's full stop when it has none (a trailing comma or colon gives way to it). */
export function endSentence(sentence: string, language: string): string {
  const text = sentence.trim();
  if (text === "" || hasFinalPunctuation(text)) return text;
  return `${text.replace(/[\s,;:、，،؛：；]+$/u, "")}${fullStop(baseLanguage(language))}`;
}

/** Sentences as one text, each ended by its final punctuation; no space after a full-width full stop (Chinese, Japanese). */
export function joinSentences(sentences: readonly (string | null | undefined)[], language: string): string {
  const ended = sentences.map((sentence) => endSentence(sentence ?? "", language)).filter(Boolean);
  return ended.reduce((text, sentence) => (text === "" ? sentence : `${text}${/[。！？」』）]$/u.test(text) ? "" : " "}${sentence}`), "");
}

/** The sentences the tutor writes around the passages it quotes when there is no model. */
export type TutorWording = {
  offlineNote: string;
  noTranscript: string;
  noMatch: string;
  closest: string;
  /** `at` is a [m:ss] link. */
  atMoment: (at: string) => string;
  otherMoments: string;
};

const TUTOR_WORDING: Readonly<Record<string, TutorWording>> = {
  en: {
    offlineNote: "I'm in offline mode (no AI model is configured), so I answer with the parts of the video that match your question.",
    noTranscript: "This course's video has no transcript I can search, so I cannot answer from it.",
    noMatch: "I could not find a part of this video that covers that. Try the words the video itself uses, or look through the course outline.",
    closest: "The closest moments:",
    atMoment: (at) => `At ${at}, where you are watching, the video says:`,
    otherMoments: "Other moments that match your question:",
  },
  es: {
    offlineNote:
      "Estoy en modo sin conexión (no hay ningún modelo de IA configurado), así que respondo con las partes del vídeo que coinciden con tu pregunta.",
    noTranscript: "El vídeo de este curso no tiene una transcripción en la que pueda buscar, así que no puedo responder a partir de él.",
    noMatch: "No encontré ninguna parte de este vídeo que trate eso. Prueba con las palabras que usa el propio vídeo o revisa el índice del curso.",
    closest: "Los momentos más cercanos:",
    atMoment: (at) => `En ${at}, donde estás viendo, el vídeo dice:`,
    otherMoments: "Otros momentos que coinciden con tu pregunta:",
  },
  pt: {
    offlineNote: "Estou no modo offline (nenhum modelo de IA está configurado), então respondo com as partes do vídeo que correspondem à sua pergunta.",
    noTranscript: "O vídeo deste curso não tem uma transcrição que eu possa pesquisar, então não consigo responder a partir dele.",
    noMatch: "Não encontrei nenhuma parte deste vídeo que trate disso. Tente as palavras que o próprio vídeo usa ou consulte o sumário do curso.",
    closest: "Os momentos mais próximos:",
    atMoment: (at) => `Em ${at}, onde você está assistindo, o vídeo diz:`,
    otherMoments: "Outros momentos que correspondem à sua pergunta:",
  },
  fr: {
    offlineNote:
      "Je suis en mode hors ligne (aucun modèle d'IA n'est configuré) : je réponds avec les passages de la vidéo qui correspondent à votre question.",
    noTranscript: "La vidéo de ce cours n'a pas de transcription dans laquelle je peux chercher, je ne peux donc pas répondre à partir d'elle.",
    noMatch: "Je n'ai trouvé aucun passage de cette vidéo qui traite de cela. Essayez les mots qu'emploie la vidéo elle-même, ou parcourez le plan du cours.",
    closest: "Les moments les plus proches :",
    atMoment: (at) => `À ${at}, là où vous regardez, la vidéo dit :`,
    otherMoments: "D'autres moments qui correspondent à votre question :",
  },
  de: {
    offlineNote: "Ich bin im Offline-Modus (kein KI-Modell ist eingerichtet) und antworte deshalb mit den Stellen des Videos, die zu deiner Frage passen.",
    noTranscript: "Das Video dieses Kurses hat kein Transkript, das ich durchsuchen kann, daher kann ich nicht daraus antworten.",
    noMatch:
      "Ich habe keine Stelle in diesem Video gefunden, die das behandelt. Versuche es mit den Wörtern, die das Video selbst verwendet, oder sieh dir die Gliederung des Kurses an.",
    closest: "Die passendsten Stellen:",
    atMoment: (at) => `Bei ${at}, wo du gerade schaust, sagt das Video:`,
    otherMoments: "Weitere Stellen, die zu deiner Frage passen:",
  },
  ja: {
    offlineNote: "オフラインモードです（AI モデルが設定されていません）。質問に合う動画の部分を引用して答えます。",
    noTranscript: "このコースの動画には検索できる文字起こしがないため、動画から答えることができません。",
    noMatch: "この内容を扱っている部分は動画の中に見つかりませんでした。動画自体で使われている言葉で試すか、コースの目次を見てください。",
    closest: "最も近い場面：",
    atMoment: (at) => `いま見ている ${at} で、動画はこう言っています：`,
    otherMoments: "質問に合うほかの場面：",
  },
  zh: {
    offlineNote: "我处于离线模式（没有配置 AI 模型），所以用视频中与你的问题相符的部分来回答。",
    noTranscript: "这门课程的视频没有可供搜索的字幕文本，所以我无法根据它来回答。",
    noMatch: "我在这个视频里没有找到讲这个内容的部分。试试视频本身使用的词语，或者浏览课程大纲。",
    closest: "最接近的片段：",
    atMoment: (at) => `在你正在观看的 ${at}，视频说：`,
    otherMoments: "与你的问题相符的其他片段：",
  },
  ar: {
    offlineNote: "أنا في وضع عدم الاتصال (لم يُضبط أي نموذج ذكاء اصطناعي)، لذلك أجيب بأجزاء الفيديو التي تطابق سؤالك.",
    noTranscript: "ليس لفيديو هذه الدورة نص مكتوب يمكنني البحث فيه، لذلك لا أستطيع الإجابة منه.",
    noMatch: "لم أجد جزءًا من هذا الفيديو يتناول ذلك. جرّب الكلمات التي يستخدمها الفيديو نفسه، أو تصفّح مخطط الدورة.",
    closest: "أقرب اللحظات:",
    atMoment: (at) => `عند ${at}، حيث تشاهد الآن، يقول الفيديو:`,
    otherMoments: "لحظات أخرى تطابق سؤالك:",
  },
  hi: {
    offlineNote: "मैं ऑफ़लाइन मोड में हूँ (कोई AI मॉडल सेट नहीं है), इसलिए मैं वीडियो के उन हिस्सों से जवाब देता हूँ जो आपके सवाल से मेल खाते हैं।",
    noTranscript: "इस कोर्स के वीडियो का कोई ट्रांसक्रिप्ट नहीं है जिसमें मैं खोज सकूँ, इसलिए मैं उससे जवाब नहीं दे सकता।",
    noMatch: "मुझे इस वीडियो में ऐसा कोई हिस्सा नहीं मिला जो इस बारे में हो। वीडियो में इस्तेमाल हुए शब्दों से कोशिश करें, या कोर्स की रूपरेखा देखें।",
    closest: "सबसे करीबी पल:",
    atMoment: (at) => `${at} पर, जहाँ आप देख रहे हैं, वीडियो कहता है:`,
    otherMoments: "आपके सवाल से मेल खाने वाले दूसरे पल:",
  },
};

/** The offline tutor's wording in a language (English when there is none for it). */
export function tutorWording(language: string): TutorWording {
  return TUTOR_WORDING[baseLanguage(language)] ?? TUTOR_WORDING.en!;
}

/** How a course from a playlist introduces it and lists its videos. */
const PLAYLIST_WORDING: Readonly<Record<string, CourseWording>> = {
  en: { follows: (p, n, list) => `This course follows the playlist "${p ?? "this playlist"}" in ${n} video${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  es: { follows: (p, n, list) => `Este curso sigue la lista «${p ?? "de reproducción"}» en ${n} vídeo${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  pt: { follows: (p, n, list) => `Este curso acompanha a playlist “${p ?? ""}” em ${n} vídeo${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  fr: { follows: (p, n, list) => `Ce cours suit la playlist « ${p ?? ""} » en ${n} vidéo${n === 1 ? "" : "s"} : ${list}`, separator: " ; " },
  de: { follows: (p, n, list) => `Dieser Kurs folgt der Playlist „${p ?? ""}“ in ${n} Video${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  ja: { follows: (p, n, list) => `このコースは再生リスト「${p ?? ""}」の${n}本の動画をたどります：${list}`, separator: "、" },
  zh: { follows: (p, n, list) => `本课程按播放列表“${p ?? ""}”的 ${n} 个视频讲解：${list}`, separator: "；" },
  ar: { follows: (p, n, list) => `تتبع هذه الدورة قائمة التشغيل «${p ?? ""}» في ${n} من مقاطع الفيديو: ${list}`, separator: "؛ " },
  hi: { follows: (p, n, list) => `यह कोर्स प्लेलिस्ट “${p ?? ""}” के ${n} वीडियो को क्रम से समझाता है: ${list}`, separator: "; " },
};

/** The description of a course from a playlist: the playlist and its videos, ended by the script's full stop. */
export function playlistFollowsSentence(playlistTitle: string, videoTitles: readonly string[], language: string): string {
  return followsSentence(PLAYLIST_WORDING, playlistTitle, videoTitles, language);
}
