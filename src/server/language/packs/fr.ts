/** French. */
import type { LanguagePack } from "../pack";

export const french: LanguagePack = {
  code: "fr",
  francCode: "fra",
  rules: "terms",
  words: {
    segmentation: "intl",
    snowball: "french",
    stopWords: "",
    titleFillers: `
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
    turns: [],
    questionWords: [],
    optionalOpening: null,
  },
  leadingConnective: /^(?:mais|et|alors|donc|bon|bref)(?:,\s*|\s+)/iu,
  phrases: { links: new Set(["de", "du", "des"]), articles: new Set(["la", "le", "les"]), notInPhrase: null, endsCapitalised: false },
  wordClass: { tagger: "fr-compromise", endings: [] },
  quiz: {
    question: (s) => `Complétez ce que dit la vidéo : « ${s} »`,
    explanation: (t, s) => `À ${t}, la vidéo dit : « ${s} »`,
    title: (section) => `Quiz : ${section}`,
    description: (n, section) => `${n} questions sur ce que dit la vidéo dans « ${section} ». Toutes les réponses sont dans la vidéo.`,
    open: {
      question: (label) => `Avec vos propres mots, que dit la vidéo de « ${label} » ?`,
      explanation: (ideas) => `Idées clés : ${ideas}.`,
      covered: "Votre réponse reprend les idées clés de ce que dit la vidéo.",
      missing: (ideas, t) => `Il manque à votre réponse : ${ideas}. Revoyez l'explication à ${t}.`,
      copied: (t) => `Votre réponse répète la question. Dites avec vos propres mots ce que la vidéo explique à ${t}.`,
      separator: ", ",
    },
  },
  course: {
    follows: (v, n, list) => `Ce cours suit ${v ? `la vidéo « ${v} »` : "la vidéo"} en ${n} chapitre${n === 1 ? "" : "s"} : ${list}`,
    separator: " ; ",
  },
  playlist: { follows: (p, n, list) => `Ce cours suit la playlist « ${p ?? ""} » en ${n} vidéo${n === 1 ? "" : "s"} : ${list}`, separator: " ; " },
  tutor: {
    offlineNote:
      "Je suis en mode hors ligne (aucun modèle d'IA n'est configuré) : je réponds avec les passages de la vidéo qui correspondent à votre question.",
    noTranscript: "La vidéo de ce cours n'a pas de transcription dans laquelle je peux chercher, je ne peux donc pas répondre à partir d'elle.",
    noMatch: "La vidéo ne traite pas de cela. Essayez les mots qu'emploie la vidéo elle-même, ou parcourez le plan du cours.",
    closest: "Les moments les plus proches :",
    atMoment: (at) => `À ${at}, là où vous regardez, la vidéo dit :`,
    otherMoments: "D'autres moments qui correspondent à votre question :",
    hint: (at, about) =>
      `Un indice, pas la réponse : revoyez le passage à partir de ${at}${about ? `, où la vidéo parle de ${about}` : ""}. Que dit-elle qu'il se passe à ce moment-là ? Essayez de le formuler avec vos propres mots avant de lire la suite.`,
    quizBlank: (at) => `Une question pour vous, tirée de ${at} : quel mot manque dans le trou ?`,
    quizOpen: (at) => `Une question pour vous : qu'explique la vidéo à ${at} ? Répondez avec vos propres mots, puis regardez le passage pour vérifier.`,
    quizRight: (answer) => `Exact ! Le mot manquant est « ${answer} ».`,
    quizWrong: (answer) => `Pas tout à fait : le mot manquant est « ${answer} ».`,
    quizNext: "Question suivante :",
  },
};
