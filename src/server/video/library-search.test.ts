import { describe, expect, test } from "vitest";

import { buildLibrarySearch, RELEVANCE_FLOOR, type SearchableVideo, TRANSCRIPT_SHARE } from "./library-search";

const repeat = (sentence: string, times: number) => Array.from({ length: times }, () => sentence).join(" ");

/** Everyday speech that fills a transcript without naming its subject. */
const CHATTER = "So let us take a look at this one, and then we will see where it goes from there in the next part. ";

const video = (id: string, title: string, description = "", transcript = repeat(CHATTER, 20)): SearchableVideo => ({ id, title, description, transcript });

const LIBRARY: SearchableVideo[] = [
  video("binSearch01", "Binary search on sorted lists", "Halving a sorted list to find a value.", `${repeat(CHATTER, 10)} Binary search halves the list.`),
  video("heartPump01", "How the heart works", "The heart pumps blood around the world of your body.", repeat("The heart works hard. ", 10)),
  video("firstSteps1", "First steps in a world of vectors", "A world of arrows and lists of numbers, from the first idea."),
  video("limitsHole1", "Limits and continuity", "Limits of functions.", `${repeat(CHATTER, 10)} ${repeat("There is a hole in the graph. ", 6)}`),
  video("lecture0005", "Lecture 5", "", `${repeat(CHATTER, 10)} ${repeat("Entropy grows, as thermodynamics says. ", 8)}`),
  video("sortingAlgo", "Sorting algorithms compared", "Merge sort and quicksort side by side; binary search gets a mention.", repeat(CHATTER, 20)),
];

const search = buildLibrarySearch(LIBRARY);
const ids = (topic: string, limit = 10) => search.search(topic, limit).map((match) => match.id);

describe("library search", () => {
  test("ranks the video named by the title above one that mentions the topic", () => {
    expect(ids("binary search")).toEqual(["binSearch01", "sortingAlgo"]);
  });

  test('"how does X work" is about X: a title sharing only "how" and "works" does not match', () => {
    expect(ids("How does binary search work?")).toEqual(["binSearch01", "sortingAlgo"]);
    expect(ids("how does it work")).toEqual([]);
  });

  test("a topic the library does not cover finds nothing, not the least unrelated video", () => {
    for (const topic of ["how to bake sourdough bread", "the first world war", "how do black holes form", "quantum chromodynamics"]) {
      expect(ids(topic), topic).toEqual([]);
    }
  });

  test("coverage weighs words by rarity: two common words of four do not carry the topic", () => {
    // "first" and "world" are in the vectors video's title, but "war" is in no video at all.
    const [match] = buildLibrarySearch(LIBRARY).search("first world", 1);
    expect(match).toMatchObject({ id: "firstSteps1", coverage: 1 });
    expect(ids("first world war")).toEqual([]);
  });

  test("a transcript that repeats every word of the topic carries a video with a bare title", () => {
    expect(ids("entropy and thermodynamics")).toEqual(["lecture0005"]);
    const [match] = search.search("entropy", 1);
    expect(match?.coverage).toBe(TRANSCRIPT_SHARE);
    expect(TRANSCRIPT_SHARE).toBeGreaterThanOrEqual(RELEVANCE_FLOOR);
  });

  test("a word said only in passing, or one repeated word of two, does not", () => {
    expect(ids("binary halving")).toEqual(["binSearch01"]);
    expect(ids("black holes")).toEqual([]);
    // Said once in a long transcript: the chatter video has "next" 20 times, the binary-search one "halves" once.
    expect(ids("halves")).toEqual(["binSearch01"]);
  });

  test("honours the limit, and a limit of 0 or an empty library finds nothing", () => {
    expect(ids("binary search", 1)).toEqual(["binSearch01"]);
    expect(ids("binary search", 0)).toEqual([]);
    expect(buildLibrarySearch([]).search("binary search", 5)).toEqual([]);
  });

  test("equal videos come in id order", () => {
    const twins = buildLibrarySearch([video("zTwin000001", "Graph colouring"), video("aTwin000001", "Graph colouring")]);
    expect(twins.search("graph colouring", 5).map((match) => match.id)).toEqual(["aTwin000001", "zTwin000001"]);
  });

  test("the floor is a share, not a score: it decides the same in a library of six videos and of three hundred", () => {
    const unrelated = Array.from({ length: 294 }, (_, n) =>
      video(`filler${String(n).padStart(5, "0")}`, `Episode ${n}: stories of the sea`, "Boats, tides and harbours.", repeat(CHATTER, 5 + (n % 30))),
    );
    const large = buildLibrarySearch([...LIBRARY, ...unrelated]);
    for (const topic of ["binary search", "How does binary search work?", "entropy and thermodynamics", "black holes", "sourdough bread"]) {
      expect(
        large.search(topic, 3).map((match) => match.id),
        topic,
      ).toEqual(ids(topic, 3));
    }
  });

  test("a question finds the video whose subject answers it, not the one its series shares words with", () => {
    // Both titles hold "neural", "network" and "learn" (the series says "Deep learning"); only one
    // names learning as its subject.
    const series = buildLibrarySearch([
      ...LIBRARY,
      video(
        "whatIsNet01",
        "But what is a neural network? | Chapter 1, Deep learning",
        "What a neural network is: neurons, layers and weights.",
        repeat("A neural network is layers of neurons. ", 8),
      ),
      video(
        "howNetLrn01",
        "Gradient descent, how neural networks learn | Chapter 2, Deep learning",
        "Cost functions, gradients and the descent downhill.",
        repeat("The neural network learns by lowering a cost, step by step downhill. ", 8),
      ),
    ]);
    expect(
      series
        .search("How do neural networks learn?", 5)
        .map((match) => match.id)
        .slice(0, 2),
    ).toEqual(["howNetLrn01", "whatIsNet01"]);
    expect(series.search("What is a neural network?", 5).map((match) => match.id)[0]).toBe("whatIsNet01");
  });

  test("a library holding every video twice finds the same videos", () => {
    const doubled = buildLibrarySearch([...LIBRARY, ...LIBRARY.map((entry) => ({ ...entry, id: `${entry.id.slice(0, 10)}2` }))]);
    for (const topic of ["binary search", "first world war", "entropy", "binary halving", "black holes", "limits of functions"]) {
      const found = new Set(doubled.search(topic, 20).map((match) => match.id.slice(0, 10)));
      expect(found, topic).toEqual(new Set(ids(topic).map((id) => id.slice(0, 10))));
    }
  });
});
