import { describe, expect, test } from "vitest";

import { classifyVideoInput, parsePlaylistId, isVideoId, isYouTubeUrlLike, parseVideoId } from "./parse-video-id";

const ID = "dQw4w9WgXcQ";

describe("parseVideoId: accepted forms", () => {
  test.each([
    [ID],
    [`  ${ID}  `],
    [`https://www.youtube.com/watch?v=${ID}`],
    [`http://www.youtube.com/watch?v=${ID}`],
    [`https://youtube.com/watch?v=${ID}`],
    [`www.youtube.com/watch?v=${ID}`],
    [`youtube.com/watch?v=${ID}`],
    [`//www.youtube.com/watch?v=${ID}`],
    [`HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`],
    [`https://www.youtube.com/watch/?v=${ID}`],
    [`https://m.youtube.com/watch?v=${ID}`],
    [`https://music.youtube.com/watch?v=${ID}&feature=share`],
    [`https://www.youtube.com/watch?v=${ID}&t=42s`],
    [`https://www.youtube.com/watch?v=${ID}&list=PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr&index=2`],
    [`https://www.youtube.com/watch?feature=youtu.be&v=${ID}`],
    [`https://www.youtube.com/watch?app=desktop&v=${ID}&t=1m2s#comments`],
    [`https://www.youtube.com:443/watch?v=${ID}`],
    [`youtube.com:443/watch?v=${ID}`],
    [`https://www.youtube.com./watch?v=${ID}`],
    [`https://youtu.be/${ID}`],
    [`youtu.be/${ID}`],
    [`https://youtu.be/${ID}?t=42`],
    [`https://youtu.be/${ID}?si=Q12Rgz9vN1JMo_di`],
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube.com/embed/${ID}?start=30&autoplay=1`],
    [`https://www.youtube-nocookie.com/embed/${ID}`],
    [`youtube-nocookie.com/embed/${ID}?rel=0`],
    [`https://www.youtube.com/shorts/${ID}`],
    [`https://youtube.com/shorts/${ID}?feature=share`],
    [`https://www.youtube.com/live/${ID}`],
    [`https://www.youtube.com/live/${ID}?si=abc`],
    [`https://www.youtube.com/v/${ID}`],
    [`https://www.youtube.com/v/${ID}?version=3`],
    [`https://www.youtube.com/e/${ID}`],
    [`https://www.youtube.com/embed/${ID}/`],
  ])("%s", (input) => {
    expect(parseVideoId(input)).toBe(ID);
  });

  test.each([
    ["-qgreAUpPwM", "-qgreAUpPwM"],
    ["IHZwWFHWa-w", "IHZwWFHWa-w"],
    ["NaL_Cb42WyY", "NaL_Cb42WyY"],
    ["https://youtu.be/-qgreAUpPwM", "-qgreAUpPwM"],
    ["abcdefghij1", "abcdefghij1"],
    ["JavaScripts", "JavaScripts"],
  ])("ids with - and _ and mixed case: %s", (input, expected) => {
    expect(parseVideoId(input)).toBe(expected);
  });
});

describe("parseVideoId: refused", () => {
  test.each([
    ["", "empty"],
    ["   ", "blank"],
    ["dQw4w9WgXc", "10 characters"],
    ["dQw4w9WgXcQQ", "12 characters"],
    ["dQw4w9WgX!Q", "a character outside the id alphabet"],
    ["dQw4w9WgXc Q", "a space inside"],
    ["programming", "an ordinary 11-letter word"],
    ["Engineering", "a capitalised 11-letter word"],
    [`https://www.youtube.com/watch?v=${ID}x`, "an id that is too long"],
    ["https://www.youtube.com/watch?v=dQw4w9", "an id that is too short"],
    ["https://www.youtube.com/watch?v=", "an empty v"],
    ["https://www.youtube.com/watch", "no v"],
    [`https://www.youtube.com/watch?vid=${ID}`, "the wrong parameter"],
    [`https://www.youtube.com/?v=${ID}`, "v without /watch"],
    [`https://www.youtube.com/channel/UC${ID}`, "a channel"],
    ["https://www.youtube.com/playlist?list=PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr", "a playlist"],
    ["https://www.youtube.com/@3blue1brown", "a handle"],
    [`https://www.youtube.com/embed/${ID}/extra`, "extra path after the id"],
    [`https://www.youtube.com/shorts/`, "shorts without an id"],
    [`https://youtu.be/`, "a short link without an id"],
    [`https://youtu.be/${ID}/more`, "a short link with more path"],
    [`https://youtu.be/watch?v=${ID}`, "watch on the short-link host"],
    [`https://www.youtube-nocookie.com/watch?v=${ID}`, "watch on the no-cookie host"],
    [`https://youtube.com.evil.example/watch?v=${ID}`, "a lookalike host (suffix)"],
    [`https://evilyoutube.com/watch?v=${ID}`, "a lookalike host (prefix)"],
    [`https://youtube.co/watch?v=${ID}`, "a near-miss host"],
    [`https://www.youtube.com@evil.example/watch?v=${ID}`, "credentials that move the host"],
    [`https://user:pass@www.youtube.com/watch?v=${ID}`, "credentials"],
    [`https://youtu.be.evil.example/${ID}`, "a lookalike short-link host"],
    [`https://evil.example/watch?v=${ID}`, "another host"],
    [`https://vimeo.com/${ID}`, "another video site"],
    [`javascript:alert('${ID}')`, "a javascript: URL"],
    [`javascript://www.youtube.com/watch?v=${ID}`, "javascript: with a YouTube-looking path"],
    [`data:text/html,https://youtu.be/${ID}`, "a data: URL"],
    [`ftp://www.youtube.com/watch?v=${ID}`, "a non-web scheme"],
    [`https://www.youtube.com/watch?v=${ID} and more`, "trailing words"],
    ["how binary search works", "a topic"],
  ])("%s (%s)", (input) => {
    expect(parseVideoId(input)).toBeNull();
  });
});

describe("isVideoId", () => {
  test.each([
    [ID, true],
    ["-qgreAUpPwM", true],
    ["programming", true],
    ["dQw4w9WgXc", false],
    ["../../etc/pa", false],
    ["dQw4w9WgXc/", false],
    ["", false],
  ])("%s → %s", (input, expected) => {
    expect(isVideoId(input)).toBe(expected);
  });
});

describe("isYouTubeUrlLike", () => {
  test.each([
    [`https://www.youtube.com/watch?v=${ID}`, true],
    [ID, true],
    ["https://www.youtube.com/watch?v=dQw4w9", true],
    ["https://www.youtube.com/", true],
    ["youtube.com/watch?v=broken", true],
    ["youtu.be/short", true],
    ["www.youtube.com", true],
    ["https://example.com/video", true],
    [`https://youtube.com.evil.example/watch?v=${ID}`, true],
    ["javascript:alert(1)", true],
    ["//youtu.be/x", true],
    ["www.example.org/some/page", true],
    ["how binary search works", false],
    ["binary search", false],
    ["programming", false],
    ["node.js", false],
    ["socket.io/rooms", false],
    ["C++ templates", false],
    ["Python: a tutorial", false],
    ["how youtube.com recommends videos", false],
    ["", false],
    ["   ", false],
  ])("%s → %s", (input, expected) => {
    expect(isYouTubeUrlLike(input)).toBe(expected);
  });
});

describe("classifyVideoInput", () => {
  test("a link gives its video", () => {
    expect(classifyVideoInput(`https://youtu.be/${ID}?t=3`)).toEqual({ kind: "video", videoId: ID });
  });

  test("a broken link is reported as such, not searched", () => {
    expect(classifyVideoInput("https://www.youtube.com/watch?v=123")).toEqual({ kind: "invalid-link" });
    expect(classifyVideoInput(`https://youtube.com.evil.example/watch?v=${ID}`)).toEqual({ kind: "invalid-link" });
  });

  test("anything else is a topic, trimmed", () => {
    expect(classifyVideoInput("  linear algebra  ")).toEqual({ kind: "topic", topic: "linear algebra" });
    expect(classifyVideoInput("programming")).toEqual({ kind: "topic", topic: "programming" });
  });
});

describe("playlist links", () => {
  test.each([
    ["https://www.youtube.com/playlist?list=PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr", "PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr"],
    ["youtube.com/playlist?list=PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr&si=abc", "PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr"],
    ["https://www.youtube.com/watch?v=WUvTyaaNkzM&list=PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr&index=1", "PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr"],
    ["https://youtu.be/WUvTyaaNkzM?list=PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr", "PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr"],
    ["https://m.youtube.com/playlist?list=OLAK5uy_kX1nEzqTJ1Rz2Gc", "OLAK5uy_kX1nEzqTJ1Rz2Gc"],
  ])("%s is the playlist %s", (input, listId) => {
    expect(classifyVideoInput(input)).toEqual({ kind: "playlist", listId });
  });

  test("a watch link in a mix, watch later or liked list is the video", () => {
    expect(classifyVideoInput("https://www.youtube.com/watch?v=WUvTyaaNkzM&list=RDWUvTyaaNkzM&start_radio=1")).toEqual({
      kind: "video",
      videoId: "WUvTyaaNkzM",
    });
    expect(classifyVideoInput("https://www.youtube.com/watch?v=WUvTyaaNkzM&list=WL")).toEqual({ kind: "video", videoId: "WUvTyaaNkzM" });
  });

  test("a malformed list id or a foreign host is not a playlist", () => {
    expect(classifyVideoInput("https://www.youtube.com/playlist?list=short")).toEqual({ kind: "invalid-link" });
    expect(classifyVideoInput("https://www.youtube.com/playlist?list=PL<script>alert(1)</script>")).toEqual({ kind: "invalid-link" });
    expect(classifyVideoInput("https://evil.example/playlist?list=PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr")).toEqual({ kind: "invalid-link" });
    expect(parsePlaylistId("PLZHQObOWTQDMsr9K-rj53DwVRMYO3t5Yr")).toBeNull();
  });
});
