import { z } from "zod";

import { QUIZ_MAX_QUESTIONS, QUIZ_MIN_QUESTIONS, QUIZ_OPTION_COUNT } from "./types";

/**
 * What the model is asked to return. The rules a JSON schema cannot express (the correct answer
 * is one of the options, options distinct, the cited segment was shown) are checked in code
 * (index.ts). The model cites a segment id; the code turns it into the question's time.
 */
const quizQuestionSchema = z.object({
  segmentId: z.number().int().min(0).describe("The [id] of the transcript segment this question is based on (one of the ids shown)"),
  questionText: z.string().describe("The question, answerable from the transcript alone, in one or two sentences"),
  options: z
    .array(z.string().describe("One answer option, short and plausible"))
    .length(QUIZ_OPTION_COUNT)
    .describe(`Exactly ${QUIZ_OPTION_COUNT} different answer options, exactly one of them correct`),
  correctAnswer: z.string().describe("The correct option, copied exactly from options"),
  explanation: z.string().describe("One or two sentences explaining why the answer is right, based on what the video says"),
  concepts: z
    .array(z.string())
    .catch([])
    .describe("The concepts listed in <section_concepts> that this question tests, each label copied exactly; empty when there is no list or it tests none"),
});

export const quizOutputSchema = z.object({
  title: z.string().describe("Short quiz title naming what the section teaches (at most 10 words)"),
  description: z.string().describe("One sentence telling the learner what the quiz checks"),
  questions: z
    .array(quizQuestionSchema)
    .min(QUIZ_MIN_QUESTIONS)
    .max(QUIZ_MAX_QUESTIONS)
    .describe(`${QUIZ_MIN_QUESTIONS} to ${QUIZ_MAX_QUESTIONS} questions in video order`),
});

export type QuizOutput = z.infer<typeof quizOutputSchema>;
