/** Spanish. */
import type { LanguagePack } from "../pack";

export const spanish: LanguagePack = {
  code: "es",
  francCode: "spa",
  rules: "terms",
  words: {
    segmentation: "intl",
    snowball: "spanish",
    stopWords: "",
    titleFillers: `
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
      "muy bien",
      "bien",
      "vale",
      "ok",
      "está bien",
      "de acuerdo",
      "por cierto",
      "a propósito",
      "pasemos a",
      "pasando a",
      "veamos",
      "vamos a ver",
      "para (?:empezar|comenzar|terminar|concluir|cerrar|finalizar|resumir|preparar el terreno)",
      "en (?:resumen|conclusión)",
      "resumiendo",
      "resumamos",
      "finalmente",
      "por último",
      "volvamos a",
      "volviendo a",
      "lo primero es lo primero",
      "comencemos",
      "empecemos",
      "t[oó]m(?:ate|ese|ense|emos|e) un (?:momento|minuto)",
      "(?:da|den|dé|demos) un paso atrás",
      "retrocedamos",
      "alejémonos",
      "aquí (?:hay|está|tienes|tienen) (?:una?|otr[oa])",
      "como (?:otr[oa]|un último|una última|último|última|ejemplo final|siguiente ejemplo)",
      "otr[oa] (?:forma|manera|ejemplo|pregunta|idea)",
      "en (?:el|la) (?:próxim[oa]|siguiente|últim[oa]|anterior) (?:video|vídeo|lección|capítulo)",
      "en (?:el|la) (?:video|vídeo|lección|capítulo) (?:anterior|siguiente)",
      "para (?:el|la|los|las|nuestr[oa]s?) (?:siguientes?|próxim[oa]s?|últim[oa]s?|final(?:es)?)",
      "hasta (?:ahora|aquí)",
      "(?:en este punto|llegados a este punto|a estas alturas)",
      "ahora (?:pasemos|veamos|volvamos|para|sobre|en cuanto)",
    ],
    weak: [
      "bueno",
      "a continuación",
      "en primer lugar",
      "ahora",
      "entonces",
      "así que",
      "pues",
      "luego",
      "después",
      "aquí",
      "primero",
      "segundo",
      "tercero",
      "imagin(?:a|e|emos)",
      "consider(?:a|e|emos)",
      "recuerd(?:a|e|en)",
      "supongamos",
      "por qué",
      "qué",
      "cómo",
      "cuál(?:es)?",
      "cuánt[oa]s?",
      "dónde",
    ],
    inner: [
      "paso atrás",
      "resum(?:ir|amos|iendo)",
      "(?:el|la) siguiente (?:pregunta|paso|ejemplo|parte|prueba|idea|tema)",
      "otro ejemplo",
      "ejemplo final",
      "patrocinad[oa] por",
      "patrocinador",
    ],
    turns: [],
    questionWords: [],
    optionalOpening: null,
  },
  leadingConnective: /^(?:pero|y|entonces|bueno|pues)(?:,\s*|\s+)/iu,
  // Adverbs end in "-mente": no topic word.
  phrases: { links: new Set(["de", "del"]), articles: new Set(["la", "las", "los", "el"]), notInPhrase: /mente$/u, endsCapitalised: false },
  wordClass: { tagger: "es-compromise", endings: [] },
  quiz: {
    question: (s) => `Completa lo que dice el vídeo: «${s}»`,
    explanation: (t, s) => `En ${t} el vídeo dice: «${s}»`,
    title: (section) => `Cuestionario: ${section}`,
    description: (n, section) => `${n} preguntas sobre lo que dice el vídeo en «${section}». Todas las respuestas están en el vídeo.`,
    open: {
      question: (label) => `Con tus propias palabras, ¿qué dice el vídeo sobre «${label}»?`,
      explanation: (ideas) => `Ideas clave: ${ideas}.`,
      covered: "Tu respuesta recoge las ideas clave de lo que dice el vídeo.",
      missing: (ideas, t) => `A tu respuesta le falta: ${ideas}. Vuelve a ver la explicación en ${t}.`,
      copied: (t) => `Tu respuesta repite la pregunta. Di con tus propias palabras lo que explica el vídeo en ${t}.`,
      separator: ", ",
    },
  },
  course: { follows: (v, n, list) => `Este curso sigue ${v ? `el vídeo «${v}»` : "el vídeo"} en ${n} capítulo${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  playlist: { follows: (p, n, list) => `Este curso sigue la lista «${p ?? "de reproducción"}» en ${n} vídeo${n === 1 ? "" : "s"}: ${list}`, separator: "; " },
  tutor: {
    offlineNote:
      "Estoy en modo sin conexión (no hay ningún modelo de IA configurado), así que respondo con las partes del vídeo que coinciden con tu pregunta.",
    noTranscript: "El vídeo de este curso no tiene una transcripción en la que pueda buscar, así que no puedo responder a partir de él.",
    noMatch: "El vídeo no trata eso. Prueba con las palabras que usa el propio vídeo o revisa el índice del curso.",
    closest: "Los momentos más cercanos:",
    atMoment: (at) => `En ${at}, donde estás viendo, el vídeo dice:`,
    otherMoments: "Otros momentos que coinciden con tu pregunta:",
    hint: (at, about) =>
      `Una pista, no la respuesta: vuelve a ver desde ${at}${about ? `, donde el vídeo habla de ${about}` : ""}. ¿Qué dice que ocurre ahí? Intenta explicarlo con tus propias palabras antes de seguir leyendo.`,
    quizBlank: (at) => `Una pregunta para ti, de ${at}: ¿qué palabra falta en el hueco?`,
    quizOpen: (at) => `Una pregunta para ti: ¿qué explica el vídeo en ${at}? Responde con tus propias palabras y luego míralo para comprobarlo.`,
    quizRight: (answer) => `¡Correcto! La palabra que falta es «${answer}».`,
    quizWrong: (answer) => `No exactamente: la palabra que falta es «${answer}».`,
    quizNext: "Siguiente pregunta:",
  },
};
