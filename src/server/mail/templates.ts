/**
 * The texts of the mails, each with a plain-text and an HTML part. The UI speaks English only, so
 * the mails do too. Everything interpolated into HTML is escaped.
 */

export type MailContent = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

function page(paragraphs: string[], link: { href: string; label: string }, footer: string): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${body}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}<br>${escapeHtml(link.href)}</p>
</body></html>`;
}

export function verifyEmailMail({ username, link }: { username: string; link: string }): MailContent {
  const greeting = `Hello ${username},`;
  const line = "Please confirm that this is your email address for CourseCraft. The link works once, for 24 hours.";
  const footer = "If you did not ask for this, ignore this message. If the button does not work, open this address:";
  return {
    subject: "Confirm your email address for CourseCraft",
    text: `${greeting}\n\n${line}\n\n${link}\n\nIf you did not ask for this, ignore this message.\n`,
    html: page([greeting, line], { href: link, label: "Confirm my address" }, footer),
  };
}

export function passwordResetMail({ username, link }: { username: string; link: string }): MailContent {
  const greeting = `Hello ${username},`;
  const line = "Someone asked to set a new password for your CourseCraft account. The link works once, for 30 minutes.";
  const footer = "If it was not you, ignore this message: your password stays as it is. If the button does not work, open this address:";
  return {
    subject: "Set a new password for CourseCraft",
    text: `${greeting}\n\n${line}\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    html: page([greeting, line], { href: link, label: "Set a new password" }, footer),
  };
}
