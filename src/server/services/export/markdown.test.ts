import type { ListItem, Nodes, PhrasingContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { describe, expect, test } from "vitest";

import { continuing, isSafeLinkUrl, learnerMarkdown, MAX_MARKUP_CHARACTERS, plainText, writeMarkdown } from "./markdown";

/** A learner's Markdown, made inert, as Markdown again. */
const inertMarkdown = (markdown: string) => writeMarkdown({ type: "root", children: learnerMarkdown(markdown) });

/** What a CommonMark reader makes of a file that could run or fetch something: raw HTML, images, definitions, links that are not http(s)/mailto. */
function liveMarkup(markdown: string): string[] {
  const found: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === "html") found.push(`html ${node.value}`);
    if (node.type === "image" || node.type === "imageReference" || node.type === "definition") found.push(node.type);
    // Checked apart from isSafeLinkUrl, which the writer uses: absolute http(s) or mailto, nothing before the scheme.
    if (node.type === "link" && !/^(?:https?:\/\/[^\s]|mailto:[^\s])/i.test(node.url)) found.push(`link ${node.url}`);
    if ("children" in node) node.children.forEach(walk);
  };
  walk(fromMarkdown(markdown));
  return found;
}

const ATTACKS = [
  "<script>alert(1)</script>",
  "before <script>alert(1)</script> after",
  "<img src=x onerror=alert(1)>",
  "a <img src=x onerror=alert(1)> b",
  '<a href="javascript:alert(1)">x</a>',
  "<div>\nblock <img src=x onerror=alert(1)>\n</div>",
  "<!-- comment --> <?php echo 1; ?> <![CDATA[x]]>",
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](java&#x09;script:alert(1)) [y](&#106;avascript:alert(1))",
  "[x](<javascript:alert(1)>) [y]( vbscript:msgbox(1)) [z](data:text/html;base64,PHNjcmlwdD4=)",
  "[x](file:///etc/passwd) [y](obsidian://open?vault=x) [z](/relative) [w](#anchor)",
  "<javascript:alert(1)> <data:text/html,x>",
  "![tracker](https://tracker.example/pixel.png)",
  '![](https://tracker.example/pixel.png "t") ![alt](javascript:alert(1))',
  "[![img](https://tracker.example/i.png)](https://example.com)",
  "[r][1] [s] ![i][1]\n\n[1]: javascript:alert(1)\n[s]: <data:text/html,x>",
  "[ref]\n\n[ref]: https://tracker.example/x.png 'title'",
  "&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;",
  "\\<script>alert(1)\\</script>",
  "`<script>` and ``<img src=x>``",
  "```html\n<script>alert(1)</script>\n```",
  "    <script>indented</script>",
  "> <script>quoted</script>\n> [x](javascript:alert(1))",
  "- <img src=x onerror=alert(1)>\n- [x](javascript:alert(1))\n  1. ![i](https://t.example/p.png)",
  "# <script>heading</script>\n\nSetext <b>\n===",
  "[`a]:`](https://example.com)",
  "*<script>*alert(1)*</script>*",
  "[[wiki]] ![[embed.png]] ![[https://tracker.example/p.png]]",
];

describe("a learner's Markdown in an export", () => {
  test.each(ATTACKS)("%j comes out inert: no HTML, image, definition or unsafe link once read back", (attack) => {
    const out = inertMarkdown(attack);
    expect(liveMarkup(out), out).toEqual([]);
    // In a list item after a link, where a note lands in the export.
    const moment: PhrasingContent = { type: "link", url: "https://www.youtube.com/watch?v=abc&t=5s", title: null, children: [{ type: "text", value: "0:05" }] };
    const item: ListItem = { type: "listItem", spread: false, children: continuing([moment], learnerMarkdown(attack)) };
    const inList = writeMarkdown({ type: "root", children: [{ type: "list", ordered: false, spread: false, children: [item, item] }] });
    expect(liveMarkup(inList), inList).toEqual([]);
  });

  test("raw HTML shows as its characters: a tag-opening < is a character reference", () => {
    expect(inertMarkdown("<script>alert(1)</script>")).toBe("&#x3C;script>alert(1)&#x3C;/script>\n");
    expect(inertMarkdown("a <img src=x onerror=alert(1)> b")).toBe("a &#x3C;img src=x onerror=alert(1)> b\n");
    // A < that opens nothing stays as typed.
    expect(inertMarkdown("a < b > c")).toBe("a < b > c\n");
  });

  test("HTML entities the learner typed are the characters they stand for, never markup", () => {
    expect(inertMarkdown("&lt;b&gt;bold&lt;/b&gt; &amp; &copy;")).toBe("&#x3C;b>bold&#x3C;/b> & ©\n");
    expect(inertMarkdown("AT&amp;T")).toBe("AT\\&T\n");
  });

  test("a javascript:, data: or vbscript: link, and any link that is not http(s) or mailto, is its text", () => {
    expect(inertMarkdown("[x](javascript:alert(1))")).toBe("x\n");
    expect(inertMarkdown("see [this](data:text/html,hi) or [that](vbscript:x)")).toBe("see this or that\n");
    expect(inertMarkdown("<javascript:alert(1)>")).toBe("javascript:alert(1)\n");
    expect(inertMarkdown("[local](/etc/passwd)")).toBe("local\n");
  });

  test("an image is never fetched: a link to it (named by its alt text), or its alt text when its source is not http(s)", () => {
    expect(inertMarkdown("![diagram](https://tracker.example/p.png)")).toBe("[diagram](https://tracker.example/p.png)\n");
    expect(inertMarkdown("![](https://tracker.example/p.png)")).toBe("<https://tracker.example/p.png>\n");
    expect(inertMarkdown("![alt](javascript:alert(1))")).toBe("alt\n");
    // Inside a link, an image is its alt text (links do not nest).
    expect(inertMarkdown("[![logo](https://t.example/l.png)](https://example.com)")).toBe("[logo](https://example.com)\n");
  });

  test("reference links resolve under the same rule and their definitions are dropped", () => {
    expect(inertMarkdown("[good][a] and [bad][b]\n\n[a]: https://example.com/a?x=1&y=2\n[b]: javascript:alert(1)")).toBe(
      "[good](https://example.com/a?x=1&y=2) and bad\n",
    );
    expect(inertMarkdown("![pic][p]\n\n[p]: https://tracker.example/p.png")).toBe("[pic](https://tracker.example/p.png)\n");
    expect(inertMarkdown("[only a definition]: https://example.com")).toBe("");
  });

  test("the learner's own Markdown stays: emphasis, lists, quotes, code, http(s) and mailto links", () => {
    const note = [
      "Merging needs **two** pointers and *one* buffer.",
      "",
      "- first half",
      "- second half",
      "",
      "1. split",
      "2. merge",
      "",
      "> a quote",
      "",
      "Read [the paper](https://example.com/merge?a=1&b=2), <https://example.org> or [mail me](mailto:me@example.com).",
      "",
      "`merge(a, b)` and",
      "",
      "```python",
      "def merge(a, b): return a < b",
      "```",
    ].join("\n");
    expect(inertMarkdown(note)).toBe(`${note}\n`);
    // A heading reads as a bold line (as in the app), so the file keeps its own outline.
    expect(inertMarkdown("# Big idea")).toBe("**Big idea**\n");
  });

  test("a fenced block a viewer would render (mermaid, dataviewjs) loses its language and shows as code", () => {
    expect(inertMarkdown("```mermaid\ngraph TD; A-->B\n```")).toBe("```\ngraph TD; A-->B\n```\n");
    expect(inertMarkdown("```dataviewjs\ndv.el('b', 'x')\n```")).toBe("```\ndv.el('b', 'x')\n```\n");
  });

  test("plain text keeps its lines and escapes whatever would be markup", () => {
    const written = writeMarkdown({
      type: "root",
      children: [{ type: "paragraph", children: [plainText("*not emphasis* [not](a link)\n  # not a heading <b>\n\n- not a list")] }],
    });
    expect(written).toBe("\\*not emphasis\\* \\[not]\\(a link)\n\\# not a heading &#x3C;b>\n\\- not a list\n");
    expect(liveMarkup(written)).toEqual([]);
    expect(fromMarkdown(written).children.map((node) => node.type)).toEqual(["paragraph"]);
  });

  test("a link is written with its url as is when nothing in it needs an escape", () => {
    const link = (url: string) =>
      writeMarkdown({
        type: "root",
        children: [{ type: "paragraph", children: [{ type: "link", url, title: null, children: [{ type: "text", value: "1:05" }] }] }],
      });
    expect(link("https://www.youtube.com/watch?v=abc&t=65s")).toBe("[1:05](https://www.youtube.com/watch?v=abc&t=65s)\n");
    // Otherwise the default writer's escapes, which read back as the same url.
    for (const url of ["https://example.com/a(b)", "https://example.com/&amp;x", "https://example.com/a b", "https://example.com/a\\b"]) {
      const [paragraph] = fromMarkdown(link(url)).children;
      expect(paragraph).toMatchObject({ type: "paragraph", children: [{ type: "link", url }] });
    }
  });

  test("pathological notes stay quick and whole: deep nesting is cut to its text, a note dense with markup or nesting is plain text", () => {
    const started = performance.now();
    // 2,500 emphasis levels: minutes to write as nested markup.
    const stars = inertMarkdown(`${"*".repeat(2500)}deep${"*".repeat(2500)}`);
    expect(stars).toContain("deep");
    expect(liveMarkup(stars)).toEqual([]);
    // Nesting past the bound is the text of what is nested.
    const nested = inertMarkdown(`${"> ".repeat(12)}inner *em* <b>`);
    expect(nested.trimEnd().endsWith("inner em &#x3C;b>")).toBe(true);
    expect(liveMarkup(nested)).toEqual([]);
    for (const deep of ["> ".repeat(2500), "- ".repeat(2500), "1. ".repeat(1666), `${"[".repeat(600)}x${"](https://e.x)".repeat(600)}`]) {
      expect(liveMarkup(inertMarkdown(`${deep}<img src=x onerror=alert(1)>`))).toEqual([]);
    }
    // Over MAX_MARKUP_CHARACTERS: the whole note as plain text, its markup escaped.
    const dense = `**bold** ${"_".repeat(MAX_MARKUP_CHARACTERS)} <script>x</script>`;
    expect(inertMarkdown(dense)).toBe(`\\*\\*bold\\*\\* ${"\\_".repeat(MAX_MARKUP_CHARACTERS)} &#x3C;script>x&#x3C;/script>\n`);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test("only absolute http(s) and mailto targets are safe", () => {
    for (const url of ["https://example.com", "HTTP://example.com/a?b#c", "mailto:a@example.com"]) expect(isSafeLinkUrl(url)).toBe(true);
    for (const url of [
      "javascript:alert(1)",
      " https://example.com",
      "java\tscript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "/relative",
      "#t=1",
      "//example.com",
      "https:/x",
      "",
      null,
    ]) {
      expect(isSafeLinkUrl(url)).toBe(false);
    }
  });
});
