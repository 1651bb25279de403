import { describe, expect, test } from "vitest";

import { retryDelayMs } from "./sender";
import { escapeHtml, passwordResetMail, verifyEmailMail } from "./templates";

describe("mail texts", () => {
  test("everything interpolated into the HTML part is escaped", () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe("&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;");
    const mail = verifyEmailMail({ username: "<script>x</script>", link: `https://a.example/verify-email?token=a"><img src=x>` });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain('"><img');
    expect(mail.text).toContain("<script>x</script>");
  });

  test("both mails carry the link in both parts", () => {
    for (const make of [verifyEmailMail, passwordResetMail]) {
      const mail = make({ username: "ada", link: "https://a.example/x?token=abc" });
      expect(mail.text).toContain("https://a.example/x?token=abc");
      expect(mail.html).toContain('href="https://a.example/x?token=abc"');
      expect(mail.subject.length).toBeGreaterThan(10);
    }
  });
});

describe("retry delays", () => {
  test("30 s doubling per attempt, each within ±20 %", () => {
    expect([1, 2, 3, 7].map((attempt) => retryDelayMs(attempt, 30_000, () => 0.5))).toEqual([30_000, 60_000, 120_000, 1_920_000]);
    expect(retryDelayMs(1, 30_000, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, 30_000, () => 1)).toBe(36_000);
  });
});
