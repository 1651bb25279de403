/** Portuguese. */
import type { LanguagePack } from "../pack";

export const portuguese: LanguagePack = {
  code: "pt",
  francCode: "por",
  rules: "terms",
  words: {
    segmentation: "intl",
    snowball: "portuguese",
    stopWords: "",
    titleFillers: `
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
    turns: [],
    questionWords: [],
    optionalOpening: null,
  },
  leadingConnective: /^(?:mas|e|então|bem|pois)(?:,\s*|\s+)/iu,
  // Adverbs end in "-mente": no topic word.
  phrases: { links: new Set(["de", "da", "do", "das", "dos"]), articles: new Set(["a", "as", "o", "os"]), notInPhrase: /mente$/u, endsCapitalised: false },
  wordClass: {
    tagger: null,
    endings: [
      [/mente$/u, "adverb"],
      [/(?:ção|ções|são|sões|dade|dades|mento|mentos|ismo|ismos|agem|agens)$/u, "noun"],
      [/(?:ável|áveis|ível|íveis|oso|osa|osos|osas|ivo|iva|ivos|ivas)$/u, "adjective"],
      [/(?:ando|endo|indo)$/u, "verb"],
    ],
  },
  quiz: {
    question: (s) => `Complete o que o vídeo diz: “${s}”`,
    explanation: (t, s) => `Em ${t} o vídeo diz: “${s}”`,
    title: (section) => `Questionário: ${section}`,
    description: (n, section) => `${n} perguntas sobre o que o vídeo diz em “${section}”. Todas as respostas estão no vídeo.`,
    open: {
      question: (label) => `Com suas próprias palavras, o que o vídeo diz sobre “${label}”?`,
      explanation: (ideas) => `Ideias principais: ${ideas}.`,
      covered: "Sua resposta cobre as ideias principais do que o vídeo diz.",
      missing: (ideas, t) => `Faltou na sua resposta: ${ideas}. Reveja a explicação em ${t}.`,
      copied: (t) => `Sua resposta repete a pergunta. Diga com suas próprias palavras o que o vídeo explica em ${t}.`,
      separator: ", ",
    },
  },
  course: {
    follows: (v, n, list) => `Este curso acompanha ${v ? `o vídeo “${v}”` : "o vídeo"} em ${n} capítulo${n === 1 ? "" : "s"}: ${list}`,
    separator: "; ",
  },
  playlist: { follows: (p, n, list) => `Este curso acompanha a playlist “${p ?? ""}” em ${n} vídeo${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  tutor: {
    offlineNote: "Estou no modo offline (nenhum modelo de IA está configurado), então respondo com as partes do vídeo que correspondem à sua pergunta.",
    noTranscript: "O vídeo deste curso não tem uma transcrição que eu possa pesquisar, então não consigo responder a partir dele.",
    noMatch: "O vídeo não trata disso. Tente as palavras que o próprio vídeo usa ou consulte o sumário do curso.",
    closest: "Os momentos mais próximos:",
    atMoment: (at) => `Em ${at}, onde você está assistindo, o vídeo diz:`,
    otherMoments: "Outros momentos que correspondem à sua pergunta:",
    hint: (at, about) =>
      `Uma dica, não a resposta: assista de novo a partir de ${at}${about ? `, onde o vídeo fala de ${about}` : ""}. O que ele diz que acontece ali? Tente explicar com suas próprias palavras antes de continuar lendo.`,
    quizBlank: (at) => `Uma pergunta para você, de ${at}: qual palavra preenche a lacuna?`,
    quizOpen: (at) => `Uma pergunta para você: o que o vídeo explica em ${at}? Responda com suas próprias palavras e depois assista para conferir.`,
    quizRight: (answer) => `Certo! A palavra que falta é “${answer}”.`,
    quizWrong: (answer) => `Não exatamente: a palavra que falta é “${answer}”.`,
    quizNext: "Próxima pergunta:",
  },
};
