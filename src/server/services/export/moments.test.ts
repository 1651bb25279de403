import { describe, expect, test } from "vitest";

import { htmlField } from "./anki-package";
import { tsvField } from "./export-cards";
import { asciiFileName, courseMomentUrl, videoMomentUrl } from "./moments";

describe("the exports' pure parts", () => {
  test("a moment is the video on YouTube at that whole second", () => {
    expect(videoMomentUrl("dQw4w9WgXcQ", 65.9)).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=65s");
    expect(videoMomentUrl("abc", -3)).toBe("https://www.youtube.com/watch?v=abc&t=0s");
    expect(videoMomentUrl("abc", Number.NaN)).toBe("https://www.youtube.com/watch?v=abc&t=0s");
    const one = [{ videoId: "abc", offsetSeconds: 0, durationSeconds: 4000 }];
    expect(courseMomentUrl(one, 3725)).toBe("https://www.youtube.com/watch?v=abc&t=3725s");
    expect(courseMomentUrl([], 65)).toBeNull();
    // From a playlist: the video of the moment, at its own time.
    const two = [...one, { videoId: "def", offsetSeconds: 4000, durationSeconds: 600 }];
    expect(courseMomentUrl(two, 4065)).toBe("https://www.youtube.com/watch?v=def&t=65s");
  });

  test("file names are ASCII: accents folded, the rest dashes, bounded, never empty", () => {
    expect(asciiFileName("Tri fusion: ça marche / «vite»!", "md")).toBe("tri-fusion-ca-marche-vite.md");
    expect(asciiFileName('a"b\r\nContent-Type: x', "md")).toBe("a-b-content-type-x.md");
    expect(asciiFileName("日本語 🧪", "md")).toBe("course.md");
    expect(asciiFileName("", "tsv", "cards")).toBe("cards.tsv");
    const long = asciiFileName(`${"word ".repeat(40)}end`, "apkg");
    expect(long.length).toBeLessThanOrEqual(85);
    expect(long).toMatch(/^[a-z0-9-]+[a-z0-9]\.apkg$/);
  });

  test("a TSV field is quoted only when it holds a tab, a line break or a quote, quotes doubled", () => {
    expect(tsvField("plain text, with commas")).toBe("plain text, with commas");
    expect(tsvField("a\tb")).toBe('"a\tb"');
    expect(tsvField("line\nbreak")).toBe('"line\nbreak"');
    expect(tsvField('say "hi"')).toBe('"say ""hi"""');
  });

  test("an Anki field is HTML: markup escaped, line breaks kept", () => {
    expect(htmlField('<script>x</script> & "q"\nnext')).toBe("&lt;script&gt;x&lt;/script&gt; &amp; &quot;q&quot;<br>next");
  });
});
