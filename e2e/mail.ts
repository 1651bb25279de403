import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import { expect } from "@playwright/test";
import { simpleParser } from "mailparser";

/**
 * The main e2e instance runs without SMTP_URL, so its mail is written as .eml files to its
 * DATA_DIR's outbox (playwright.config.ts: DATA_DIR .data/e2e). This reads them as a learner's
 * mailbox: the newest message to an address whose text holds a link to `page`.
 */
const OUTBOX = path.resolve(".data/e2e/outbox");

export async function linkInMail(to: string, page: "verify-email" | "reset-password", after = new Date(0)): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [] as string[]))
          .filter((file) => file.endsWith(".eml"))
          .sort()
          .reverse();
        for (const file of files) {
          const mail = await simpleParser(await readFile(path.join(OUTBOX, file)));
          if (!(mail.to && "text" in mail.to && mail.to.text.includes(to)) || (mail.date && mail.date < after)) continue;
          const found = new RegExp(`https?://[^\\s]+/${page}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? "");
          if (!found) continue;
          // Both parts carry the link.
          expect(mail.html).toContain(found[0]);
          link = found[0];
          return true;
        }
        return false;
      },
      { timeout: 20_000, message: `a ${page} mail to ${to} in ${OUTBOX}` },
    )
    .toBe(true);
  return link!;
}
