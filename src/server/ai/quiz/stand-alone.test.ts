import { describe, expect, it } from "vitest";

import { keepStandingAlone, leakUnits, quizLeaks, revealsAnswer, standTogether, withOpenQuestions, type LeakCheckedQuestion } from "./stand-alone";

const cloze = (sentence: string, answer: string): LeakCheckedQuestion => ({
  questionText: `Complete the sentence from the video: "${sentence}"`,
  options: [answer, "pixels", "layers", "weights"],
  correctAnswer: answer,
});
const statement = (truth: string, ...wrong: string[]): LeakCheckedQuestion => ({
  questionText: "Which statement does the video make in this section?",
  options: [truth, ...wrong],
  correctAnswer: truth,
});
const open = (label: string, reference: string): LeakCheckedQuestion => ({
  kind: "open",
  questionText: `In your own words, what does the video say about "${label}"?`,
  options: [],
  correctAnswer: reference,
});

const blankOfMath = cloze("A neural network is not a buzzword but a _____ of math.", "piece");

describe("revealsAnswer", () => {
  it("finds a cloze's blank filled in by another question's option", () => {
    const altered = statement(
      "Each neuron holds a number between zero and one.",
      "A neural network is not a buzzword but a piece of physics.",
      "Each layer holds a number between zero and one.",
      "The network has two hidden layers of sixteen images.",
    );
    expect(revealsAnswer(altered, blankOfMath)).toBe(true);
    expect(quizLeaks([blankOfMath, altered])).toEqual([
      // The cloze shows most of the statement's wrong option's sentence too: but that hides no answer.
      { shown: 1, asked: 0 },
    ]);
  });

  it("finds a statement's true sentence shown in a cloze on the same sentence", () => {
    const truth = "Each neuron holds a number between zero and one.";
    const blanked = cloze("Each neuron holds a _____ between zero and one.", "number");
    const asked = statement(
      truth,
      "Each neuron holds a pixel between zero and one.",
      "Each layer holds a number of images.",
      "The weights are learned from data.",
    );
    expect(revealsAnswer(blanked, asked)).toBe(true);
    expect(revealsAnswer(asked, blanked)).toBe(true);
    expect(standTogether(blanked, asked)).toBe(false);
  });

  it("finds an open question's reference shown in a choice, and a blank filled in by an open question's topic", () => {
    const reference = "The activation of each neuron is a weighted sum of the activations before it.";
    expect(revealsAnswer(statement(reference, "a", "b", "c"), open("activation", reference))).toBe(true);
    const blank = cloze("Backpropagation is how a neural _____ learns its weights.", "network");
    expect(revealsAnswer(open("neural network learns", "It adjusts the weights to lower the cost."), blank)).toBe(true);
    // An open question's reference is hidden: it gives nothing away before the attempt.
    expect(revealsAnswer(open("weights", "A neural network is not a buzzword but a piece of math."), blankOfMath)).toBe(false);
  });

  it("finds a long answer shown whole, and leaves a shared single word alone", () => {
    const asked = { questionText: "What does gradient descent do?", options: ["It lowers the cost", "b", "c", "d"], correctAnswer: "It lowers the cost" };
    const shown = { questionText: "Why does it lower the cost step by step?", options: ["It lowers the cost", "x", "y", "z"], correctAnswer: "x" };
    expect(revealsAnswer(shown, asked)).toBe(true);
    const word = { questionText: "Which word names the unit?", options: ["neuron", "pixel", "layer", "weight"], correctAnswer: "neuron" };
    const other = { questionText: "What does a neuron hold?", options: ["a number", "an image", "a layer", "a weight"], correctAnswer: "a number" };
    expect(standTogether(word, other)).toBe(true);
  });

  it("reads Chinese and Japanese character by character", () => {
    expect(leakUnits("神经网络是数学")).toEqual(["神", "经", "网", "络", "是", "数", "学"]);
    expect(leakUnits("Ein Neuron, das „Zahl“ hält!")).toEqual(["ein", "neuron", "das", "zahl", "hält"]);
    const blank = {
      questionText: "空欄を埋めてください：「ニューラルネットワークは_____の一部です」",
      options: ["数学", "物理", "画像", "言葉"],
      correctAnswer: "数学",
    };
    const shown = { questionText: "動画の内容は？", options: ["これは数学の一部です", "b", "c", "d"], correctAnswer: "b" };
    expect(revealsAnswer(shown, blank)).toBe(true);
    const unrelated = { questionText: "動画の内容は？", options: ["数学が好きです", "b", "c", "d"], correctAnswer: "b" };
    expect(revealsAnswer(unrelated, blank)).toBe(false);
  });
});

describe("keeping a quiz standing alone", () => {
  const truth = "Each neuron holds a number between zero and one.";
  const first = cloze("Each neuron holds a _____ between zero and one.", "number");
  const second = statement(
    truth,
    "Each neuron holds a pixel between zero and one.",
    "Each layer holds a number of images.",
    "The weights are learned from data.",
  );
  const third = cloze("The last layer has ten _____, one for each digit.", "neurons");

  it("keeps the earlier of two questions that give each other away", () => {
    expect(keepStandingAlone([first, second, third])).toEqual([first, third]);
    expect(quizLeaks(keepStandingAlone([first, second, third]))).toEqual([]);
  });

  it("lets an open question take the place of the choices it clashes with while enough choices stay", () => {
    const clashing = open("neuron", truth);
    const fine = open("digit", "The last layer says which digit the image shows.");
    const fourth = cloze("The cost is the _____ of the squared differences.", "sum");
    expect(withOpenQuestions([first, third, fourth], [clashing, fine], 2)).toEqual([third, fourth, clashing, fine]);
    // With no choice to spare, the open question stays out.
    expect(withOpenQuestions([first, third, fourth], [clashing, fine], 3)).toEqual([first, third, fourth, fine]);
    expect(quizLeaks(withOpenQuestions([first, third, fourth], [clashing, fine], 2))).toEqual([]);
  });
});
