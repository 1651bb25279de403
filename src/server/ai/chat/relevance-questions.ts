/**
 * A labelled set for the tutor's "not covered" decision (relevance.ts), written by us: questions
 * a learner might ask in a course built from a video of the shared fixture corpus, each marked
 * whether that video covers it. The corpus itself is read at evaluation time
 * (../shared/fixtures/videos and translations/<language>/), never copied here.
 *
 * Kinds:
 * - "in-scope": the video explains it (in the video's own language: English, or a translation);
 * - "general": general knowledge with nothing to do with the video;
 * - "other-topic": a learning question about another subject;
 * - "near-topic": the video's field, but something the video does not explain.
 *
 * Every creator chapter title of the corpus (every language) is also used as an in-scope
 * question by relevance-eval.ts, so the in-scope side is not only our wording.
 */
export type RelevanceKind = "in-scope" | "general" | "other-topic" | "near-topic";
export type RelevanceQuestion = { videoId: string; language: string; question: string; kind: RelevanceKind };

const q = (kind: RelevanceKind, language: string, videoId: string, question: string): RelevanceQuestion => ({ videoId, language, question, kind });

export const RELEVANCE_QUESTIONS: readonly RelevanceQuestion[] = [
  // In scope, English, on videos the retrieval questions do not use.
  q("in-scope", "en", "Ilg3gGewQ5U", "Why does stochastic gradient descent use mini-batches of training data?"),
  q("in-scope", "en", "CfW845LNObM", "How can a derivative be seen as how much a function stretches or squishes the number line?"),
  q("in-scope", "en", "EK32jo7i5LQ", "Why do prime numbers form spiral arms when plotted in polar coordinates?"),
  q("in-scope", "en", "U_85TaXbeIo", "How do you prove Bayes' theorem from the probability of both events happening?"),
  q("in-scope", "en", "VYQVlVoWoPY", "How can a visual proof about the surface area of a sphere be wrong?"),
  q("in-scope", "en", "W3I3kAg2J7w", "What does he tell graduates about following their dreams?"),
  q("in-scope", "en", "WUvTyaaNkzM", "How does slicing a circle into thin rings help find its area?"),
  q("in-scope", "en", "YG15m2VwSjA", "How do you find the derivative of sine of x squared with the chain rule?"),
  q("in-scope", "en", "YtkIWDE36qU", "Why does the powers of two pattern break when you add a sixth point on the circle?"),
  q("in-scope", "en", "aXRTczANuIs", "Why does sugar water rotate the polarization of light?"),
  q("in-scope", "en", "bOXCLR3Wric", "How many subsets of the numbers 1 to 2000 have a sum divisible by 5?"),
  q("in-scope", "en", "d_qvLDhkg00", "Why is the sum of two normally distributed variables normal again?"),
  q("in-scope", "en", "e50Bj7jn9IQ", "How do the mean and the determinant give the eigenvalues of a 2x2 matrix?"),
  q("in-scope", "en", "kfF40MiS7zA", "What is the epsilon delta definition of a limit?"),
  q("in-scope", "en", "ly4S0oi3Yz8", "What does the heat equation say about how temperature changes over time?"),
  q("in-scope", "en", "NaL_Cb42WyY", "How do primes that are one more than a multiple of four relate to pi?"),
  q("in-scope", "en", "qb40J4N1fa4", "How do you find the slope of the tangent line to a circle with implicit differentiation?"),
  q("in-scope", "en", "rB83DpBJQsE", "What does positive divergence at a point mean for a fluid flow?"),
  q("in-scope", "en", "rfG8ce4nNh0", "Why is the area under the velocity graph the distance traveled?"),
  q("in-scope", "en", "S0_qX4VJhMQ", "Why is the derivative of x squared equal to 2x, geometrically?"),
  q("in-scope", "en", "Cz4Q4QOuoo8", "Why does light slow down when it passes through glass?"),
  q("in-scope", "en", "yuVqxCSsE7c", "How can two thieves split a necklace fairly with only a few cuts?"),

  // In scope, other languages (asked of the video's translation).
  q("in-scope", "es", "aircAruvnKk", "¿Para qué sirve el sesgo de una neurona?"),
  q("in-scope", "es", "HZGCoVF3YvM", "¿Por qué es un error pensar que Steve probablemente es bibliotecario?"),
  q("in-scope", "es", "PFDu9oVAE-g", "¿Por qué una rotación de 90 grados no tiene vectores propios?"),
  q("in-scope", "es", "kfF40MiS7zA", "¿Qué dice la regla de L'Hôpital sobre los límites?"),
  q("in-scope", "de", "IHZwWFHWa-w", "Wie misst man, wie falsch die Ausgabe des Netzwerks ist?"),
  q("in-scope", "de", "m2MIpDrF7Es", "Was ist an der Zahl e bei Exponentialfunktionen besonders?"),
  q("in-scope", "de", "fNk_zzaMoSs", "Was passiert mit einem Vektor, wenn man ihn mit einer negativen Zahl multipliziert?"),
  q("in-scope", "de", "rfG8ce4nNh0", "Warum ist die Fläche unter dem Geschwindigkeitsgraphen die zurückgelegte Strecke?"),
  q("in-scope", "fr", "spUNpyF58BY", "Que se passe-t-il quand la fréquence d'enroulement correspond à la fréquence du signal ?"),
  q("in-scope", "fr", "3d6DsjIBzJ4", "Pourquoi les factorielles apparaissent-elles dans les coefficients d'un polynôme de Taylor ?"),
  q("in-scope", "fr", "S9JGmA5_unY", "Combien de temps faudrait-il pour deviner une clé de 256 bits par force brute ?"),
  q("in-scope", "fr", "d_qvLDhkg00", "Pourquoi la somme de deux variables gaussiennes est-elle encore gaussienne ?"),
  q("in-scope", "pt", "jsYwFizhncE", "Quais leis de conservação determinam as velocidades dos blocos depois da colisão?"),
  q("in-scope", "pt", "aircAruvnKk", "Por que as redes modernas usam ReLU em vez da função sigmoide?"),
  q("in-scope", "pt", "HZGCoVF3YvM", "O que significa a probabilidade a priori no teorema de Bayes?"),
  q("in-scope", "pt", "rB83DpBJQsE", "O que significa o rotacional de um campo vetorial?"),
  q("in-scope", "ja", "aircAruvnKk", "ニューロンのバイアスは何のためにありますか？"),
  q("in-scope", "ja", "PFDu9oVAE-g", "固有ベクトルとは何ですか？"),
  q("in-scope", "ja", "IHZwWFHWa-w", "勾配降下法でコスト関数をどうやって最小化しますか？"),
  q("in-scope", "ja", "m2MIpDrF7Es", "指数関数の導関数はなぜそれ自身に比例するのですか？"),
  q("in-scope", "zh", "spUNpyF58BY", "傅里叶变换如何把声音分解成不同的频率？"),
  q("in-scope", "zh", "HZGCoVF3YvM", "贝叶斯定理中的先验概率是什么意思？"),
  q("in-scope", "zh", "fNk_zzaMoSs", "向量加法是什么意思？"),
  q("in-scope", "zh", "3d6DsjIBzJ4", "泰勒多项式为什么能近似一个函数？"),
  q("in-scope", "ar", "aircAruvnKk", "ما فائدة الانحياز في الخلية العصبية؟"),
  q("in-scope", "ar", "PFDu9oVAE-g", "لماذا لا يوجد متجه ذاتي لدوران بزاوية 90 درجة؟"),
  q("in-scope", "ar", "S9JGmA5_unY", "كم من الوقت يستغرق تخمين مفتاح 256 بت بالقوة الغاشمة؟"),
  q("in-scope", "ar", "IHZwWFHWa-w", "كيف تتعلم الشبكة العصبية باستخدام الانحدار التدريجي؟"),
  q("in-scope", "hi", "aircAruvnKk", "न्यूरॉन में बायस का क्या काम है?"),
  q("in-scope", "hi", "HZGCoVF3YvM", "बेयस प्रमेय में पूर्व संभावना का क्या मतलब है?"),
  q("in-scope", "hi", "fNk_zzaMoSs", "किसी वेक्टर को ऋणात्मक संख्या से गुणा करने पर क्या होता है?"),
  q("in-scope", "hi", "IHZwWFHWa-w", "नेटवर्क की लागत फ़ंक्शन को कैसे कम किया जाता है?"),

  // General knowledge.
  q("general", "en", "aircAruvnKk", "What's the capital of France?"),
  q("general", "en", "HZGCoVF3YvM", "How tall is Mount Everest?"),
  q("general", "en", "PFDu9oVAE-g", "Who wrote Romeo and Juliet?"),
  q("general", "en", "S9JGmA5_unY", "Who painted the Mona Lisa?"),
  q("general", "en", "spUNpyF58BY", "How many people live in Tokyo?"),
  q("general", "en", "3d6DsjIBzJ4", "What year did the Second World War end?"),
  q("general", "en", "m2MIpDrF7Es", "What is the weather like in London today?"),
  q("general", "en", "kfF40MiS7zA", "Who is the president of Brazil?"),
  q("general", "es", "aircAruvnKk", "¿Cuál es la capital de Francia?"),
  q("general", "es", "IHZwWFHWa-w", "¿Quién escribió Don Quijote?"),
  q("general", "de", "HZGCoVF3YvM", "Was ist die Hauptstadt von Frankreich?"),
  q("general", "de", "jsYwFizhncE", "Wer hat die neunte Sinfonie komponiert?"),
  q("general", "fr", "PFDu9oVAE-g", "Quelle est la capitale de la France ?"),
  q("general", "fr", "rfG8ce4nNh0", "Qui a peint la Joconde ?"),
  q("general", "pt", "fNk_zzaMoSs", "Qual é a capital da França?"),
  q("general", "pt", "d_qvLDhkg00", "Quem ganhou a Copa do Mundo de 2002?"),
  q("general", "ja", "spUNpyF58BY", "フランスの首都はどこですか？"),
  q("general", "ja", "3d6DsjIBzJ4", "富士山の高さはどれくらいですか？"),
  q("general", "zh", "S9JGmA5_unY", "法国的首都是哪里？"),
  q("general", "zh", "EK32jo7i5LQ", "长城有多长？"),
  q("general", "ar", "m2MIpDrF7Es", "ما هي عاصمة فرنسا؟"),
  q("general", "ar", "YG15m2VwSjA", "من كتب ألف ليلة وليلة؟"),
  q("general", "hi", "jsYwFizhncE", "फ्रांस की राजधानी क्या है?"),
  q("general", "hi", "rB83DpBJQsE", "ताजमहल किसने बनवाया था?"),

  // Another subject.
  q("other-topic", "en", "aircAruvnKk", "How do I bake sourdough bread at home?"),
  q("other-topic", "en", "IHZwWFHWa-w", "What is the best way to learn to play guitar?"),
  q("other-topic", "en", "HZGCoVF3YvM", "How do vaccines train the immune system?"),
  q("other-topic", "en", "fNk_zzaMoSs", "Why did the Roman Empire fall?"),
  q("other-topic", "en", "YG15m2VwSjA", "How do I fix a flat bicycle tire?"),
  q("other-topic", "en", "Ilg3gGewQ5U", "How does photosynthesis turn sunlight into sugar?"),
  q("other-topic", "es", "PFDu9oVAE-g", "¿Cómo se prepara una buena paella?"),
  q("other-topic", "de", "spUNpyF58BY", "Wie funktioniert die deutsche Grammatik bei den Fällen?"),
  q("other-topic", "fr", "aircAruvnKk", "Comment planter des tomates dans un jardin ?"),
  q("other-topic", "pt", "IHZwWFHWa-w", "Como funciona o sistema digestivo humano?"),
  q("other-topic", "ja", "HZGCoVF3YvM", "美味しいラーメンの作り方を教えてください。"),
  q("other-topic", "zh", "m2MIpDrF7Es", "怎么学习弹钢琴？"),
  q("other-topic", "ar", "fNk_zzaMoSs", "كيف أتعلم السباحة؟"),
  q("other-topic", "hi", "S9JGmA5_unY", "योग करने के क्या फायदे हैं?"),

  // The video's field, but not what it explains.
  q("near-topic", "en", "aircAruvnKk", "How do transformers use attention to process text?"),
  q("near-topic", "en", "IHZwWFHWa-w", "How does the Adam optimizer adapt its learning rate?"),
  q("near-topic", "en", "HZGCoVF3YvM", "How do I calculate a p-value in a hypothesis test?"),
  q("near-topic", "en", "PFDu9oVAE-g", "How do I compute the singular value decomposition of a matrix?"),
  q("near-topic", "en", "m2MIpDrF7Es", "How do you prove that e is irrational?"),
  q("near-topic", "en", "spUNpyF58BY", "How does JPEG compress images?"),
  q("near-topic", "en", "3d6DsjIBzJ4", "How does Newton's method find the roots of a polynomial?"),
  q("near-topic", "en", "jsYwFizhncE", "How do rockets keep accelerating in empty space?"),
  q("near-topic", "en", "fNk_zzaMoSs", "How do you compute the cross product of two vectors?"),
  q("near-topic", "en", "S9JGmA5_unY", "How does the Diffie-Hellman key exchange work?"),
  q("near-topic", "en", "kfF40MiS7zA", "How do you test whether an infinite series converges?"),
  q("near-topic", "en", "rfG8ce4nNh0", "How do you integrate by parts?"),
  q("near-topic", "en", "d_qvLDhkg00", "How do you compute a confidence interval for an election poll?"),
  q("near-topic", "en", "Ilg3gGewQ5U", "What is dropout regularization?"),
  q("near-topic", "en", "Cz4Q4QOuoo8", "How does a laser produce coherent light?"),
  q("near-topic", "en", "U_85TaXbeIo", "What is a Markov chain?"),
  q("near-topic", "en", "W3I3kAg2J7w", "How should I prepare for a job interview?"),
  q("near-topic", "es", "aircAruvnKk", "¿Cómo funcionan las redes neuronales recurrentes con texto?"),
  q("near-topic", "de", "PFDu9oVAE-g", "Wie berechnet man die Singulärwertzerlegung?"),
  q("near-topic", "fr", "HZGCoVF3YvM", "Comment calculer une p-valeur ?"),
  q("near-topic", "pt", "3d6DsjIBzJ4", "Como funciona o método de Newton?"),
  q("near-topic", "ja", "IHZwWFHWa-w", "Adamオプティマイザとは何ですか？"),
  q("near-topic", "zh", "fNk_zzaMoSs", "怎么计算两个向量的叉积？"),
  q("near-topic", "ar", "spUNpyF58BY", "كيف يضغط تنسيق JPEG الصور؟"),
  q("near-topic", "hi", "S9JGmA5_unY", "डिफी-हेलमैन कुंजी विनिमय कैसे काम करता है?"),
];
