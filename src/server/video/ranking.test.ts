import { describe, expect, test } from "vitest";

import { durationFit, orderSourceResults, rankCandidates, type RankingQuery, scoreCandidate } from "./ranking";
import type { Complexity, VideoDetails } from "./types";

let counter = 0;
function video(overrides: Partial<VideoDetails> = {}): VideoDetails {
  counter += 1;
  return {
    id: `video${String(counter).padStart(6, "0")}`,
    source: "test",
    title: "Binary search",
    description: "",
    channelTitle: "Channel",
    durationSeconds: 12 * 60,
    thumbnailUrl: null,
    viewCount: 10_000,
    embeddable: true,
    hasCaptions: true,
    ...overrides,
  };
}

const query = (topic: string, complexity: Complexity = "beginner", extra: Partial<RankingQuery> = {}): RankingQuery => ({
  topic,
  complexity,
  limit: 5,
  ...extra,
});
const ids = (videos: VideoDetails[]) => videos.map((candidate) => candidate.id);

describe("topic relevance of a title", () => {
  test("words only in the title's series part count less than the subject's, so a question meets the video that answers it", () => {
    const description = "Neural networks, and how they learn.";
    const whatIs = video({ title: "But what is a neural network? | Chapter 1, Deep learning", description });
    const howTheyLearn = video({ title: "Gradient descent, how neural networks learn | Chapter 2, Deep learning", description });
    const asked = query("How do neural networks learn?", "intermediate");
    expect(scoreCandidate(howTheyLearn, asked).parts.topic).toBe(1);
    expect(scoreCandidate(whatIs, asked).parts.topic).toBeLessThan(1);
    expect(ids(rankCandidates([whatIs, howTheyLearn], asked))).toEqual([howTheyLearn.id, whatIs.id]);
    // A title without a series part is all subject.
    expect(scoreCandidate(video({ title: "How neural networks learn" }), asked).parts.topic).toBe(1);
  });
});

describe("rankCandidates", () => {
  test("drops videos that cannot be embedded", () => {
    const playable = video();
    const blocked = video({ embeddable: false, viewCount: 10_000_000 });
    expect(ids(rankCandidates([blocked, playable], query("binary search")))).toEqual([playable.id]);
  });

  test("keeps each id once (the first occurrence)", () => {
    const first = video({ id: "sameId00001", title: "Binary search" });
    const again = { ...first, title: "Binary search (copy)" };
    expect(rankCandidates([first, again], query("binary search"))).toEqual([first]);
  });

  test("an empty list stays empty", () => {
    expect(rankCandidates([], query("anything"))).toEqual([]);
  });

  test("relevance to the topic beats popularity", () => {
    const offTopic = video({ title: "Cooking pasta at home", viewCount: 50_000_000 });
    const onTopic = video({ title: "Binary search explained", viewCount: 2_000 });
    expect(ids(rankCandidates([offTopic, onTopic], query("binary search")))).toEqual([onTopic.id, offTopic.id]);
  });

  test('the topic\'s filler ("how does … work") is no relevance: a title sharing only it loses', () => {
    const sharesFiller = video({ title: "How the heart works" });
    const onTopic = video({ title: "Binary search, step by step" });
    expect(ids(rankCandidates([sharesFiller, onTopic], query("How does binary search work?")))).toEqual([onTopic.id, sharesFiller.id]);
  });

  test("a title match counts more than a description match", () => {
    const inDescription = video({ title: "Algorithms, part 3", description: "Today: binary search on sorted arrays." });
    const inTitle = video({ title: "Binary search on sorted arrays" });
    expect(ids(rankCandidates([inDescription, inTitle], query("binary search")))).toEqual([inTitle.id, inDescription.id]);
  });

  test.each<[Complexity, string, string]>([
    ["beginner", "Binary search explained: an introduction to the basics", "Binary search: an advanced deep dive with proofs"],
    ["advanced", "Binary search: an advanced deep dive with proofs", "Binary search for beginners: the basics"],
    ["intermediate", "Binary search tutorial with worked examples", "Binary search for kids"],
  ])("%s favours %j over %j", (complexity, favoured, other) => {
    const suited = video({ title: favoured });
    const unsuited = video({ title: other });
    expect(ids(rankCandidates([unsuited, suited], query("binary search", complexity)))).toEqual([suited.id, unsuited.id]);
  });

  test("captions are preferred when all else is equal", () => {
    const silent = video({ hasCaptions: false });
    const captioned = video({ hasCaptions: true });
    expect(ids(rankCandidates([silent, captioned], query("binary search")))).toEqual([captioned.id, silent.id]);
  });

  test.each<[Complexity, number, number]>([
    ["beginner", 10, 60],
    ["beginner", 8, 3],
    ["intermediate", 25, 5],
    ["advanced", 60, 6],
    ["advanced", 30, 200],
  ])("%s prefers %i minutes over %i", (complexity, goodMinutes, badMinutes) => {
    const good = video({ durationSeconds: goodMinutes * 60 });
    const bad = video({ durationSeconds: badMinutes * 60 });
    expect(ids(rankCandidates([bad, good], query("binary search", complexity)))).toEqual([good.id, bad.id]);
  });

  test("a video under two minutes goes last even when it is otherwise ideal", () => {
    const short = video({ title: "Binary search explained: introduction and basics", durationSeconds: 90, viewCount: 90_000_000 });
    const plain = video({ title: "Searching sorted lists", description: "binary search", durationSeconds: 40 * 60, viewCount: 10, hasCaptions: false });
    expect(ids(rankCandidates([short, plain], query("binary search")))).toEqual([plain.id, short.id]);
  });

  test("popularity breaks a near-tie", () => {
    const quiet = video({ viewCount: 100 });
    const popular = video({ viewCount: 1_000_000 });
    const unknown = video({ viewCount: null });
    expect(ids(rankCandidates([unknown, quiet, popular], query("binary search")))).toEqual([popular.id, quiet.id, unknown.id]);
  });

  test("the source's own relevance orders candidates our words cannot tell apart", () => {
    const first = video({ title: "Binary search, part one" });
    const second = video({ title: "Binary search, part two" });
    const relevance = new Map([
      [second.id, 9],
      [first.id, 1],
    ]);
    expect(ids(rankCandidates([first, second], query("binary search")))).toEqual([first.id, second.id]);
    expect(ids(rankCandidates([first, second], query("binary search", "beginner", { relevance })))).toEqual([second.id, first.id]);
  });

  test("equal scores keep the input order, and the result is deterministic", () => {
    const a = video();
    const b = video();
    const c = video();
    const input = [c, a, b];
    const first = rankCandidates(input, query("binary search"));
    expect(ids(first)).toEqual([c.id, a.id, b.id]);
    expect(rankCandidates(input, query("binary search"))).toEqual(first);
    expect(ids(input)).toEqual([c.id, a.id, b.id]);
  });

  test("returns every embeddable candidate, not just `limit`", () => {
    const many = Array.from({ length: 8 }, () => video());
    expect(rankCandidates(many, query("binary search"))).toHaveLength(8);
  });
});

describe("orderSourceResults", () => {
  test("the source's order decides between candidates our matching cannot tell apart", () => {
    const first = video({ title: "Binary search" });
    const second = video({ title: "Binary search" });
    expect(ids(orderSourceResults([first, second], query("binary search")))).toEqual([first.id, second.id]);
    expect(ids(orderSourceResults([second, first], query("binary search")))).toEqual([second.id, first.id]);
  });

  test("but not against a clearly better match further down", () => {
    const vague = video({ title: "Algorithms, part 3" });
    const exact = video({ title: "Binary search explained" });
    expect(ids(orderSourceResults([vague, exact], query("binary search")))).toEqual([exact.id, vague.id]);
  });
});

describe("scoreCandidate", () => {
  test("explains its parts", () => {
    const score = scoreCandidate(video({ title: "Binary search explained", durationSeconds: 600, viewCount: 10_000_000 }), query("binary search"));
    expect(score.parts).toEqual({
      topic: 1,
      sourceRelevance: 0,
      captions: 1,
      duration: 1,
      complexityWords: 0.5,
      popularity: 1,
      veryShort: false,
    });
    expect(score.total).toBeCloseTo(4 + 1.5 + 1.5 + 0.5 + 0.5);
  });

  test("the phrase bonus needs the topic's words in its order in the title", () => {
    expect(scoreCandidate(video({ title: "Search a sorted list: binary", description: "" }), query("binary search")).parts.topic).toBeCloseTo(0.7);
    expect(scoreCandidate(video({ title: "How binary searching works" }), query("explain binary search")).parts.topic).toBe(1);
  });

  test("a topic made only of stop words scores no relevance", () => {
    expect(scoreCandidate(video(), query("how to")).parts.topic).toBe(0);
  });

  test("an unknown duration (0) is neutral, not very short", () => {
    const parts = scoreCandidate(video({ durationSeconds: 0 }), query("binary search")).parts;
    expect(parts.duration).toBe(0.5);
    expect(parts.veryShort).toBe(false);
  });
});

describe("durationFit", () => {
  test.each<[Complexity, number, number]>([
    ["beginner", 5, 1],
    ["beginner", 20, 1],
    ["beginner", 2.5, 0.5],
    ["beginner", 30, 0.5],
    ["beginner", 40, 0],
    ["beginner", 120, 0],
    ["intermediate", 10, 1],
    ["intermediate", 40, 1],
    ["intermediate", 5, 0.5],
    ["advanced", 15, 1],
    ["advanced", 90, 1],
    ["advanced", 135, 0.5],
  ])("%s, %f min → %f", (complexity, minutes, expected) => {
    expect(durationFit(minutes * 60, complexity)).toBeCloseTo(expected);
  });
});
