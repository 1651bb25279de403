/** German. */
import type { LanguagePack } from "../pack";

export const german: LanguagePack = {
  code: "de",
  francCode: "deu",
  rules: "terms",
  words: {
    segmentation: "intl",
    snowball: "german",
    stopWords: "",
    titleFillers: `
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
    clitics: null,
    functionWord: null,
    oneWord: null,
  },
  unspaced: false,
  fullStop: ".",
  // Mirrors the English list concept by concept (see DiscourseMarkers).
  openings: {
    kind: "markers",
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
    turns: [],
    questionWords: [],
    optionalOpening: null,
  },
  leadingConnective: /^(?:aber|und|also|nun|doch)(?:,\s*|\s+)/iu,
  // German capitalises every noun, so a German phrase ends on a capitalised word.
  phrases: { links: new Set(), articles: new Set(), notInPhrase: null, endsCapitalised: true },
  wordClass: { tagger: "de-compromise", endings: [] },
  quiz: {
    question: (s) => `Ergänze, was das Video sagt: „${s}“`,
    explanation: (t, s) => `Bei ${t} sagt das Video: „${s}“`,
    title: (section) => `Quiz: ${section}`,
    description: (n, section) => `${n} Fragen dazu, was das Video in „${section}“ sagt. Alle Antworten stehen im Video.`,
    open: {
      question: (label) => `Was sagt das Video über „${label}“? Antworte in eigenen Worten.`,
      explanation: (ideas) => `Kernideen: ${ideas}.`,
      covered: "Deine Antwort enthält die Kernideen dessen, was das Video sagt.",
      missing: (ideas, t) => `Deiner Antwort fehlt: ${ideas}. Sieh dir die Erklärung bei ${t} noch einmal an.`,
      copied: (t) => `Deine Antwort wiederholt die Frage. Sag in eigenen Worten, was das Video bei ${t} erklärt.`,
      separator: ", ",
    },
  },
  course: {
    follows: (v, n, list) => `Dieser Kurs folgt ${v ? `dem Video „${v}“` : "dem Video"} in ${n} Kapitel${n === 1 ? "" : "n"}: ${list}`,
    separator: "; ",
  },
  playlist: { follows: (p, n, list) => `Dieser Kurs folgt der Playlist „${p ?? ""}“ in ${n} Video${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  tutor: {
    offlineNote: "Ich bin im Offline-Modus (kein KI-Modell ist eingerichtet) und antworte deshalb mit den Stellen des Videos, die zu deiner Frage passen.",
    noTranscript: "Das Video dieses Kurses hat kein Transkript, das ich durchsuchen kann, daher kann ich nicht daraus antworten.",
    noMatch: "Das behandelt das Video nicht. Versuche es mit den Wörtern, die das Video selbst verwendet, oder sieh dir die Gliederung des Kurses an.",
    closest: "Die passendsten Stellen:",
    atMoment: (at) => `Bei ${at}, wo du gerade schaust, sagt das Video:`,
    otherMoments: "Weitere Stellen, die zu deiner Frage passen:",
    hint: (at, about) =>
      `Ein Hinweis, nicht die Antwort: Schau dir die Stelle ab ${at} noch einmal an${about ? `, wo es um ${about} geht` : ""}. Was passiert dort laut Video? Versuche, es in eigenen Worten zu sagen, bevor du weiterliest.`,
    quizBlank: (at) => `Eine Frage an dich, von ${at}: Welches Wort fehlt in der Lücke?`,
    quizOpen: (at) => `Eine Frage an dich: Was erklärt das Video bei ${at}? Antworte in eigenen Worten und prüfe es dann im Video.`,
    quizRight: (answer) => `Richtig! Das fehlende Wort ist „${answer}“.`,
    quizWrong: (answer) => `Nicht ganz: Das fehlende Wort ist „${answer}“.`,
    quizNext: "Nächste Frage:",
  },
};
