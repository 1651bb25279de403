import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ChatWelcome, MarkdownFallback } from "./chat-text";

describe("ChatWelcome", () => {
  it("shows the course title in bold, with no Markdown marks, whatever the title holds", () => {
    const html = renderToStaticMarkup(createElement(ChatWelcome, { title: "Sorting **fast** <b>", language: "en" }));
    expect(html).toContain('<strong lang="en" dir="auto">Sorting **fast** &lt;b&gt;</strong>');
    expect(html.replace("Sorting **fast**", "")).not.toContain("**");
    expect(html).toContain("I&#x27;m your tutor for");
  });
});

describe("MarkdownFallback", () => {
  it("draws paragraphs, quotes, bold and italics without their marks, and nothing as HTML", () => {
    const html = renderToStaticMarkup(
      createElement(MarkdownFallback, { text: "A hint about *merging* and **pointers**.\n\n> The video says <script>x</script> [2:10]" }),
    );
    expect(html).toContain("<p");
    expect(html).toContain("A hint about <em>merging</em> and <strong>pointers</strong>.");
    expect(html).toMatch(/<blockquote[^>]*>The video says &lt;script&gt;x&lt;\/script&gt; \[2:10\]<\/blockquote>/);
    expect(html).not.toContain("*");
  });
});
