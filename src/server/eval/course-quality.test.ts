import { describe, expect, it } from "vitest";

import type { GeneratedQuiz, QuizSource } from "~/server/ai/quiz/types";
import type { CourseOutline } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

import { badSectionTimes, checkKeyPoints, checkQuiz, checkTitles, keyPointsOf, quizSourcesOf } from "./course-quality";

const segments: TimedSegment[] = [
  "A hash table stores each key in a bucket chosen by its hash.",
  "When two keys land in the same bucket, the table chains them in a list.",
  "A good hash function spreads the keys evenly over the buckets.",
  "Resizing the table keeps the chains short as more keys arrive.",
].map((text, index) => ({ index, startMs: index * 20_000, endMs: index * 20_000 + 18_000, text }));

const outline = (chapters: { title: string; sections: [string, number][] }[]): CourseOutline => ({
  title: "Hash tables",
  description: "A course.",
  chapters: chapters.map((c) => ({
    title: c.title,
    summary: null,
    sections: c.sections.map(([title, startSegment]) => ({ title, content: "Text.", startSegment })),
  })),
});

describe("checkTitles", () => {
  it("counts one-word titles, function-word endings, duplicates in a chapter and generic-only titles", () => {
    const counts = checkTitles(
      outline([
        {
          title: "Buckets and Hashing",
          sections: [
            ["Collisions", 0],
            ["Chaining Keys in a", 1],
            ["Chaining Key", 2],
            ["Chaining Keys", 3],
          ],
        },
        { title: "Another Example", sections: [["Resizing the Table", 3]] },
      ]),
      new Set(),
    );
    expect(counts.generated).toBe(7);
    expect(counts.oneWord).toBe(1);
    expect(counts.endsInFunctionWord).toBe(1);
    expect(counts.duplicateInChapter).toBe(1);
    expect(counts.genericOnly).toBe(1);
  });

  it("does not judge the creator's own chapter titles", () => {
    const counts = checkTitles(outline([{ title: "Intro", sections: [["Hash Table Buckets", 0]] }]), new Set(["Intro"]));
    expect(counts.generated).toBe(1);
    expect(counts.oneWord).toBe(0);
  });
});

describe("badSectionTimes", () => {
  it("is 0 for ordered starts and counts a repeated or unknown start", () => {
    expect(
      badSectionTimes(
        outline([
          {
            title: "A B",
            sections: [
              ["C D", 0],
              ["E F", 2],
            ],
          },
        ]),
        segments,
      ),
    ).toBe(0);
    expect(
      badSectionTimes(
        outline([
          {
            title: "A B",
            sections: [
              ["C D", 0],
              ["E F", 2],
              ["G H", 1],
              ["I J", 9],
            ],
          },
        ]),
        segments,
      ),
    ).toBe(2);
  });
});

describe("checkQuiz", () => {
  const source: QuizSource = quizSourcesOf(outline([{ title: "Hash Tables", sections: [["Buckets", 0]] }]), "Hash tables", segments)[0]!;
  const cloze = (options: string[], correctAnswer: string): GeneratedQuiz => ({
    title: "Quiz",
    description: "",
    questions: [
      {
        questionText: 'Complete what the video says: "When two keys land in the same _____, the table chains them in a list."',
        options,
        correctAnswer,
        explanation: "",
        sourceTime: 20,
      },
    ],
  });

  it("passes a clean cloze question", () => {
    const counts = checkQuiz(cloze(["bucket", "function", "chain", "table"], "bucket"), source);
    expect(counts).toMatchObject({ questions: 1, cloze: 1, clozeAnswerNotInTranscript: 0, distractorVerbatim: 0, duplicateOptions: 0 });
  });

  it("catches an answer the transcript never says, a duplicate option and an ungrammatical distractor", () => {
    const counts = checkQuiz(cloze(["Bucket", "bucket", "spreads", "table"], "Bucket"), source);
    expect(counts.clozeAnswerNotInTranscript).toBe(1);
    expect(counts.duplicateOptions).toBe(1);
    expect(counts.distractorUngrammatical).toBeGreaterThanOrEqual(1);
  });

  it("catches a statement the video makes among the wrong options", () => {
    const quiz: GeneratedQuiz = {
      title: "Quiz",
      description: "",
      questions: [
        {
          questionText: "Which statement does the video make in this section?",
          options: [
            segments[0]!.text,
            segments[2]!.text,
            "A good hash function spreads the buckets evenly over the keys.",
            "A hash table stores each key in a list chosen by its hash.",
          ],
          correctAnswer: segments[0]!.text,
          explanation: "",
          sourceTime: 0,
        },
      ],
    };
    const counts = checkQuiz(quiz, source);
    expect(counts.distractorVerbatim).toBe(1);
    // Every term of the swapped-order sentence is said together in one sentence: it counts as true.
    expect(counts.distractorTrue).toBe(1);
  });
});

describe("checkKeyPoints", () => {
  const section = { segments: segments.slice(0, 2), startMs: 0, endMs: 40_000 };
  const coverage = (points: string[]) => points.length / 4;

  it("counts points timed inside the section and made of its words", () => {
    const content = "Key points\n- [0:00] A hash table stores each key in a bucket.\n- [0:20] The table chains them in a list.\n\nTranscript\n\nText.";
    const counts = checkKeyPoints(content, section, coverage);
    expect(counts).toMatchObject({ sections: 1, withPoints: 1, twoToFour: 1, points: 2, outsideSection: 0, notFromTranscript: 0, coverageSum: 0.5 });
  });

  it("catches a point timed after the section and a point with words the section never says", () => {
    const content = "Key points\n- [0:45] A hash table stores each key in a bucket.\n- [0:20] Hash tables are always fast.";
    const counts = checkKeyPoints(content, section, coverage);
    expect(counts.outsideSection).toBe(1);
    expect(counts.notFromTranscript).toBe(1);
  });

  it("finds no points in content without the key points list", () => {
    expect(keyPointsOf("Just paragraphs.\n\nMore text.")).toEqual([]);
    expect(checkKeyPoints("Just paragraphs.", section, coverage).withPoints).toBe(0);
  });
});
