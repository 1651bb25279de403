import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ChatMarkdown } from "./chat-markdown";
import { isSafeHref } from "./markdown-rules";

const render = (text: string) => renderToStaticMarkup(createElement(ChatMarkdown, { text, courseId: 7 }));

describe("isSafeHref", () => {
  it("allows absolute http(s) and mailto only", () => {
    for (const url of ["https://example.com", "http://example.com/a?b#c", "mailto:a@example.com"]) expect(isSafeHref(url)).toBe(true);
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "/course/1",
      "#t=5",
      "example.com",
      "",
      undefined,
      null,
    ]) {
      expect(isSafeHref(url)).toBe(false);
    }
  });
});

describe("ChatMarkdown", () => {
  it("drops raw HTML", () => {
    const html = render('<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> there <a href="https://evil.example">x</a>');
    expect(html).not.toMatch(/<script|<img|onerror|evil\.example/i);
    expect(html).toContain("Hi");
  });

  it("links only safe URLs, opening them in a new tab", () => {
    const html = render("[x](javascript:alert(1)) [y](data:text/html,hi) [z](/relative) [site](https://example.com)");
    expect(html).not.toMatch(/href="(javascript|data):|href="\/relative"/);
    expect(html).toContain("x");
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow"');
  });

  it("renders images as their alt text", () => {
    const html = render("![a diagram](https://example.com/tracker.png)");
    expect(html).not.toContain("<img");
    expect(html).toContain("a diagram");
  });

  it("turns timestamp citations into links into the course", () => {
    const html = render("See [1:05] and [1:02:03].");
    expect(html).toContain('href="/course/7?t=65"');
    expect(html).toContain('href="/course/7?t=3723"');
    expect(html).toContain('aria-label="Watch at 1:05"');
    expect(html).toContain('data-seconds="65"');
    expect(html).toMatch(/>1:02:03<\/a>/);
  });

  it("leaves citations in code and written #t= links alone", () => {
    const html = render("`[1:05]`\n\n```\n[2:00]\n```\n\n[fake](#t=9)");
    expect(html).not.toContain("/course/7");
    expect(html).toContain("<code");
    expect(html).toContain("[1:05]");
  });

  it("renders lists, emphasis and quotes", () => {
    const html = render("- one\n- **two**\n\n1. first\n\n> quoted");
    expect(html).toMatch(/<ul[^>]*>\s*<li>one<\/li>/);
    expect(html).toContain("<strong>two</strong>");
    expect(html).toMatch(/<ol[^>]*>/);
    expect(html).toMatch(/<blockquote[^>]*>/);
  });
});
