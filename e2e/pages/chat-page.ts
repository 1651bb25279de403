import { expect, type Page } from "@playwright/test";

type ModeLabel = "Explain" | "Simpler" | "Hint only" | "Quiz me";

/** /course/{id}/chat: the conversation, the composer with its modes, and the side panel. */
export class ChatPage {
  constructor(
    private readonly page: Page,
    private readonly origin = "",
  ) {}

  async goto(courseId: number) {
    await this.page.goto(`${this.origin}/course/${courseId}/chat`);
  }

  log() {
    return this.page.getByTestId("chat-log");
  }

  welcome() {
    return this.page.getByTestId("welcome-message");
  }

  messages(role?: "user" | "assistant") {
    const all = this.log().getByTestId("chat-message");
    return role ? all.and(this.page.locator(`[data-role="${role}"]`)) : all;
  }

  /** The text of the messages (without the sender and time lines). */
  texts(role?: "user" | "assistant") {
    return this.messages(role).getByTestId("message-text");
  }

  lastReply() {
    return this.messages("assistant").last();
  }

  lastReplyText() {
    return this.lastReply().getByTestId("message-text");
  }

  /**
   * From now on, records every text the last reply shows (a MutationObserver in the page), so a
   * test can see the reply grow however late it looks: a slow machine may read it only once done.
   */
  async recordReplyTexts() {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { replyTextsSeen: string[] }).replyTextsSeen = seen;
      new MutationObserver(() => {
        const replies = document.querySelectorAll('[data-testid="chat-log"] [data-testid="chat-message"][data-role="assistant"]');
        const text = replies[replies.length - 1]?.querySelector('[data-testid="message-text"]')?.textContent?.trim() ?? "";
        if (text && text !== seen[seen.length - 1]) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }

  /** The texts the last reply has shown since recordReplyTexts, in order. */
  async replyTextsSeen(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { replyTextsSeen?: string[] }).replyTextsSeen ?? []);
  }

  typingIndicator() {
    return this.page.getByTestId("typing-indicator");
  }

  input() {
    return this.page.getByRole("textbox", { name: "Your message" });
  }

  sendButton() {
    return this.page.getByRole("button", { name: "Send message" });
  }

  stopButton() {
    return this.page.getByRole("button", { name: "Stop the reply" });
  }

  mode(label: ModeLabel) {
    return this.page.getByRole("radio", { name: label });
  }

  /** Picks how the tutor answers (the radios are drawn as labelled chips). */
  async chooseMode(label: ModeLabel) {
    await this.page.locator("label", { has: this.mode(label) }).click();
    await expect(this.mode(label)).toBeChecked();
  }

  alert() {
    return this.page.getByRole("alert").filter({ hasNotText: /^$/ }).first();
  }

  sidePanel() {
    return this.page.getByRole("complementary", { name: "Course summary" });
  }

  /** The [m:ss] links in a reply. */
  timestampLinks() {
    return this.lastReply().getByRole("link", { name: /^Watch at / });
  }

  /** The video a citation opened: beside the chat on a desktop, a sheet at the bottom of a phone. */
  videoPanel() {
    return this.page.getByTestId("cited-moment-player");
  }

  /** The conversation's own scroll and the page's. */
  async scrollPosition() {
    return this.log().evaluate((log) => ({ log: Math.round(log.scrollTop), page: Math.round(window.scrollY) }));
  }

  /** 'Asking about m:ss': the moment the questions are about (opened with ?at=). */
  momentChip() {
    return this.page.getByTestId("moment-chip");
  }

  removeMomentButton() {
    return this.momentChip().getByRole("button", { name: /^Stop asking about / });
  }

  async ask(text: string) {
    await this.input().fill(text);
    await expect(this.sendButton()).toBeEnabled();
    await this.input().press("Enter");
  }
}
