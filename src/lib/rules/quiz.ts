/** Quizzes: the limits on an answer. Zod-free: the quiz imports it. */

/** The longest open answer the server takes (quizAnswerInput) and the quiz's counter shows. */
export const OPEN_ANSWER_MAX_LENGTH = 1_000;
