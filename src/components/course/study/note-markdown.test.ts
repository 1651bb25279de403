import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { NoteMarkdown } from "./note-markdown";

const render = (text: string) => renderToStaticMarkup(createElement(NoteMarkdown, { text }));

describe("NoteMarkdown", () => {
  it("renders Markdown", () => {
    const html = render("**merge** _sort_\n\n- one\n- two");
    expect(html).toContain("<strong>merge</strong>");
    expect(html).toContain("<em>sort</em>");
    expect(html).toContain("<li>one</li>");
  });

  it("shows raw HTML as text, never as elements", () => {
    const html = render('<img src=x onerror="alert(1)"> and <script>alert(2)</script>\n\n<div onclick="x()">block</div>');
    expect(html).not.toMatch(/<img|<script|<div onclick/);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;script&gt;");
  });

  it("links only http(s) and mailto, and never loads images", () => {
    expect(render("[ok](https://example.com)")).toContain('href="https://example.com"');
    expect(render("[bad](javascript:alert(1))")).not.toContain("href");
    const image = render("![a diagram](https://tracker.example/pixel.png)");
    expect(image).not.toContain("<img");
    expect(image).toContain("a diagram");
  });
});
