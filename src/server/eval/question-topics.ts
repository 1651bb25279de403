/**
 * Question-shaped topics, written by us, each labelled with the shared corpus video that answers
 * it (../shared/fixtures/videos: its ids and subjects, never its text). A learner asks what they
 * want to know ("How do neural networks learn?"), often in words another video's title shares
 * ("But what is a neural network?"), so the set mixes questions close to a title, questions about
 * what a video explains without naming it, and such near misses. English has two questions per
 * video: the first of each is the tuning set, the second is held out; every other language is
 * held out (written after the method was fixed, never used to choose it).
 */

export type QuestionTopic = { language: string; question: string; videoId: string; split: "tune" | "held-out" };

/** [videoId, first (tuning) question, second (held-out) question]. */
const ENGLISH: readonly (readonly [string, string, string])[] = [
  ["3d6DsjIBzJ4", "How do Taylor series approximate functions?", "What is a Taylor polynomial?"],
  ["CfW845LNObM", "How can a derivative be seen as stretching the number line?", "Why does iterating 1 + 1/x approach the golden ratio?"],
  ["Cz4Q4QOuoo8", "Why does light slow down in glass?", "How can light appear to travel faster than c?"],
  ["EK32jo7i5LQ", "Why do prime numbers make spirals?", "What does Dirichlet's theorem say about primes?"],
  ["HZGCoVF3YvM", "How should new evidence change a belief?", "Is Steve more likely a librarian or a farmer?"],
  ["IHZwWFHWa-w", "How do neural networks learn?", "How does a network minimize its cost function?"],
  ["Ilg3gGewQ5U", "What is backpropagation doing?", "How does backpropagation adjust the weights and biases?"],
  ["NaL_Cb42WyY", "Why does pi appear when counting lattice points in a circle?", "How are prime numbers related to pi?"],
  ["PFDu9oVAE-g", "What are eigenvectors and eigenvalues?", "Which vectors stay on their own span during a linear transformation?"],
  ["S0_qX4VJhMQ", "Why is the derivative of x squared 2x?", "How do you find the derivative of sine geometrically?"],
  ["S9JGmA5_unY", "How secure is 256 bit security?", "How long would it take to guess a 256 bit key?"],
  ["U_85TaXbeIo", "How can Bayes' theorem be proved quickly?", "Why does Bayes' theorem follow from the probability of two events both happening?"],
  ["VYQVlVoWoPY", "How can a visual proof be misleading?", "Why is the staircase argument that pi equals 4 wrong?"],
  ["W3I3kAg2J7w", "What does the advice to follow your dreams miss?", "What did the commencement speech tell graduates?"],
  ["WUvTyaaNkzM", "What is the essence of calculus?", "How do you find the area of a circle by slicing it into rings?"],
  ["YG15m2VwSjA", "How does the chain rule work?", "What is the product rule for derivatives?"],
  ["YtkIWDE36qU", "Why does the pattern of regions in a circle break?", "How many regions do chords between points on a circle make?"],
  ["aXRTczANuIs", "What causes the barber pole effect?", "Why does sugar water rotate polarized light?"],
  ["aircAruvnKk", "What is a neural network?", "What are the neurons and layers of a neural network?"],
  ["bOXCLR3Wric", "What are generating functions?", "How many subsets of 1 to 2000 have a sum divisible by 5?"],
  ["d_qvLDhkg00", "Why is the sum of two Gaussians a Gaussian?", "What is the convolution of two normal distributions?"],
  ["e50Bj7jn9IQ", "How can you compute eigenvalues quickly?", "How do the trace and determinant give the eigenvalues?"],
  ["fNk_zzaMoSs", "What is a vector?", "How do you add vectors and scale them?"],
  ["jsYwFizhncE", "Why do colliding blocks compute pi?", "How does counting collisions between blocks give the digits of pi?"],
  ["kfF40MiS7zA", "What is L'Hôpital's rule?", "What is the epsilon delta definition of a limit?"],
  ["ly4S0oi3Yz8", "What is a partial differential equation?", "How does the heat equation describe temperature?"],
  ["m2MIpDrF7Es", "What's so special about the number e?", "Why is the derivative of e to the x equal to itself?"],
  ["qb40J4N1fa4", "How does implicit differentiation work?", "How do you find the slope of a circle's tangent line without solving for y?"],
  ["rB83DpBJQsE", "What are divergence and curl?", "What do divergence and curl say about fluid flow?"],
  ["rfG8ce4nNh0", "What is the fundamental theorem of calculus?", "Why is an integral the area under a curve?"],
  ["spUNpyF58BY", "What is the Fourier transform?", "How can a sound be split into its frequencies?"],
  ["yuVqxCSsE7c", "How can topology solve discrete problems?", "How can two thieves split a stolen necklace fairly?"],
];

/** Held out: questions in the other eight languages, each as a learner of that language would ask. */
const OTHER_LANGUAGES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  es: [
    ["IHZwWFHWa-w", "¿Cómo aprenden las redes neuronales?"],
    ["aircAruvnKk", "¿Qué es una red neuronal?"],
    ["Ilg3gGewQ5U", "¿Qué hace realmente la retropropagación?"],
    ["3d6DsjIBzJ4", "¿Cómo aproximan las series de Taylor una función?"],
    ["PFDu9oVAE-g", "¿Qué son los vectores propios y los valores propios?"],
    ["YG15m2VwSjA", "¿Cómo funciona la regla de la cadena?"],
    ["spUNpyF58BY", "¿Qué es la transformada de Fourier?"],
    ["jsYwFizhncE", "¿Por qué los bloques que chocan calculan pi?"],
    ["HZGCoVF3YvM", "¿Cómo cambia una creencia con nuevas pruebas?"],
    ["rfG8ce4nNh0", "¿Qué dice el teorema fundamental del cálculo?"],
    ["ly4S0oi3Yz8", "¿Qué es una ecuación diferencial parcial?"],
    ["qb40J4N1fa4", "¿Cómo funciona la derivación implícita?"],
  ],
  de: [
    ["IHZwWFHWa-w", "Wie lernen neuronale Netze?"],
    ["aircAruvnKk", "Was ist ein neuronales Netz?"],
    ["Ilg3gGewQ5U", "Was macht Backpropagation eigentlich?"],
    ["PFDu9oVAE-g", "Was sind Eigenvektoren und Eigenwerte?"],
    ["fNk_zzaMoSs", "Was ist ein Vektor?"],
    ["YG15m2VwSjA", "Wie funktioniert die Kettenregel?"],
    ["d_qvLDhkg00", "Warum ist die Summe zweier Gaußverteilungen wieder gaußsch?"],
    ["m2MIpDrF7Es", "Was ist so besonders an der eulerschen Zahl e?"],
    ["kfF40MiS7zA", "Was besagt die Regel von L'Hospital?"],
    ["EK32jo7i5LQ", "Warum bilden Primzahlen Spiralen?"],
    ["S9JGmA5_unY", "Wie sicher ist eine 256-Bit-Verschlüsselung?"],
    ["rB83DpBJQsE", "Was bedeuten Divergenz und Rotation?"],
  ],
  fr: [
    ["IHZwWFHWa-w", "Comment les réseaux de neurones apprennent-ils ?"],
    ["aircAruvnKk", "Qu'est-ce qu'un réseau de neurones ?"],
    ["3d6DsjIBzJ4", "Qu'est-ce qu'une série de Taylor ?"],
    ["e50Bj7jn9IQ", "Comment calculer rapidement des valeurs propres ?"],
    ["WUvTyaaNkzM", "Quelle est l'essence du calcul infinitésimal ?"],
    ["spUNpyF58BY", "Qu'est-ce que la transformée de Fourier ?"],
    ["U_85TaXbeIo", "Comment démontrer rapidement le théorème de Bayes ?"],
    ["aXRTczANuIs", "Qu'est-ce qui cause l'effet d'enseigne de barbier ?"],
    ["ly4S0oi3Yz8", "Qu'est-ce qu'une équation aux dérivées partielles ?"],
    ["jsYwFizhncE", "Pourquoi des blocs qui se heurtent calculent-ils pi ?"],
    ["yuVqxCSsE7c", "Comment la topologie résout-elle des problèmes discrets ?"],
    ["VYQVlVoWoPY", "Comment mentir avec des preuves visuelles ?"],
  ],
  pt: [
    ["IHZwWFHWa-w", "Como as redes neurais aprendem?"],
    ["aircAruvnKk", "O que é uma rede neural?"],
    ["Ilg3gGewQ5U", "O que a retropropagação está realmente fazendo?"],
    ["fNk_zzaMoSs", "O que são vetores?"],
    ["YG15m2VwSjA", "Como funciona a regra da cadeia?"],
    ["rfG8ce4nNh0", "O que é o teorema fundamental do cálculo?"],
    ["HZGCoVF3YvM", "O que é o teorema de Bayes?"],
    ["bOXCLR3Wric", "O que são funções geradoras?"],
    ["qb40J4N1fa4", "Como funciona a diferenciação implícita?"],
    ["S0_qX4VJhMQ", "Como encontrar as fórmulas das derivadas pela geometria?"],
    ["kfF40MiS7zA", "O que é a definição épsilon-delta de limite?"],
    ["YtkIWDE36qU", "Por que o padrão do problema do círculo de Moser falha?"],
  ],
  ja: [
    ["IHZwWFHWa-w", "ニューラルネットワークはどのように学習するのですか？"],
    ["aircAruvnKk", "ニューラルネットワークとは何ですか？"],
    ["Ilg3gGewQ5U", "バックプロパゲーションは何をしているのですか？"],
    ["3d6DsjIBzJ4", "テイラー級数とは何ですか？"],
    ["PFDu9oVAE-g", "固有ベクトルと固有値とは何ですか？"],
    ["YG15m2VwSjA", "連鎖律はどのように働くのですか？"],
    ["spUNpyF58BY", "フーリエ変換とは何ですか？"],
    ["m2MIpDrF7Es", "ネイピア数eの何が特別なのですか？"],
    ["d_qvLDhkg00", "なぜガウス分布の和はガウス分布になるのですか？"],
    ["rfG8ce4nNh0", "微積分学の基本定理とは何ですか？"],
  ],
  zh: [
    ["IHZwWFHWa-w", "神经网络是如何学习的？"],
    ["aircAruvnKk", "什么是神经网络？"],
    ["Ilg3gGewQ5U", "反向传播到底在做什么？"],
    ["3d6DsjIBzJ4", "什么是泰勒级数？"],
    ["PFDu9oVAE-g", "什么是特征向量和特征值？"],
    ["YG15m2VwSjA", "链式法则是怎么回事？"],
    ["spUNpyF58BY", "什么是傅里叶变换？"],
    ["HZGCoVF3YvM", "什么是贝叶斯定理？"],
    ["jsYwFizhncE", "为什么碰撞的方块能算出圆周率？"],
    ["fNk_zzaMoSs", "什么是向量？"],
  ],
  ar: [
    ["IHZwWFHWa-w", "كيف تتعلم الشبكات العصبية؟"],
    ["aircAruvnKk", "ما هي الشبكة العصبية؟"],
    ["3d6DsjIBzJ4", "ما هي متسلسلة تايلور؟"],
    ["PFDu9oVAE-g", "ما هي المتجهات الذاتية والقيم الذاتية؟"],
    ["spUNpyF58BY", "ما هو تحويل فورييه؟"],
    ["YG15m2VwSjA", "كيف تعمل قاعدة السلسلة؟"],
    ["fNk_zzaMoSs", "ما هي المتجهات؟"],
    ["HZGCoVF3YvM", "ما هي مبرهنة بايز؟"],
  ],
  hi: [
    ["IHZwWFHWa-w", "न्यूरल नेटवर्क कैसे सीखते हैं?"],
    ["aircAruvnKk", "न्यूरल नेटवर्क क्या है?"],
    ["3d6DsjIBzJ4", "टेलर श्रृंखला क्या है?"],
    ["spUNpyF58BY", "फूरियर ट्रांसफॉर्म क्या है?"],
    ["YG15m2VwSjA", "चेन रूल कैसे काम करता है?"],
    ["PFDu9oVAE-g", "आइजनवेक्टर और आइजनवैल्यू क्या हैं?"],
    ["fNk_zzaMoSs", "वेक्टर क्या होते हैं?"],
    ["HZGCoVF3YvM", "बेयस प्रमेय क्या है?"],
  ],
};

export const QUESTION_TOPICS: readonly QuestionTopic[] = [
  ...ENGLISH.flatMap(([videoId, tune, heldOut]) => [
    { language: "en", question: tune, videoId, split: "tune" as const },
    { language: "en", question: heldOut, videoId, split: "held-out" as const },
  ]),
  ...Object.entries(OTHER_LANGUAGES).flatMap(([language, rows]) =>
    rows.map(([videoId, question]) => ({ language, question, videoId, split: "held-out" as const })),
  ),
];
