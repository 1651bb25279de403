/**
 * Classes in Chromium, on a desktop and a phone (issue 33): a teacher creates a class and reads its
 * invite link; a second learner, in a browser of their own, opens the link, is told what teachers
 * see and never see, and joins; the teacher assigns one of their private courses with a due date
 * and a note; the member sees it on the home page and on the class page, opens the private course
 * through it, completes a section and misses a quiz question; the teacher sees the member's progress
 * in the dashboard (sortable, a member's row opening their progress), the missed question with its
 * moment (which opens the course at that second), and downloads the CSV; the member leaves and the
 * course is 'Course Not Found' to them again. Also: a signed-out visitor to an invite link comes
 * back to it after signing in; a revoked, replaced (rotated) or unknown code says why, and too many
 * refused codes are told to wait; the owner renames, archives (read-only), unarchives and deletes a
 * class. No serious axe violation on the way, and nothing sticks out sideways on a phone (the
 * dashboard's table scrolls in its own box).
 */
import { readFile } from "node:fs/promises";

import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { AuthPage } from "./pages/auth-page";
import { CoursePage } from "./pages/course-page";
import { expect, expectAccessible, generateCourse, missQuestions, registerViaApi, test, VIEWPORTS } from "./fixtures";

type CreatedClass = { class: { id: number; name: string; inviteCode: string } };

/** Nothing of the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A learner of their own in a second browser (cookies apart from the first). */
async function secondLearner(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const user = await registerViaApi(page.request);
  return { context, page, user };
}

/** The browser's own day `days` from today, as a date input takes it (yyyy-mm-dd). */
const dayFromToday = (page: Page, days: number) =>
  page.evaluate((ahead) => {
    const date = new Date();
    date.setDate(date.getDate() + ahead);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  }, days);

async function createClassViaApi(request: APIRequestContext, name: string) {
  const response = await request.post("/api/classes", { data: { name } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as CreatedClass).class;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("a teacher runs a class: invite, join, assign a private course, progress and missed questions, CSV; the member leaves", async ({
      page,
      browser,
      baseURL,
      shell,
    }) => {
      test.setTimeout(240_000);
      const teacher = await registerViaApi(page.request);
      const { detail, sections } = await generateCourse(page.request);
      const courseId = detail.course.id;
      const courseTitle = detail.course.title;
      expect(sections.length).toBeGreaterThanOrEqual(2);

      // /classes: no class yet; create one.
      await page.goto("/classes");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Classes");
      await expect(page.getByTestId("classes-empty")).toBeVisible();
      await expect(page.getByTestId("assignments-empty")).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, viewport.width);
      const className = `Algorithms ${name} ${Date.now().toString(36)}`;
      const createForm = page.getByRole("form", { name: "Create a class" });
      // An empty name is refused in place.
      await createForm.getByRole("button", { name: "Create class" }).click();
      await expect(createForm.getByText("Please give the class a name")).toBeVisible();
      await createForm.getByLabel("Class name").fill(className);
      await createForm.getByRole("button", { name: "Create class" }).click();
      await expect(page).toHaveURL(/\/classes\/\d+$/);
      const classId = Number(/\/classes\/(\d+)$/.exec(page.url())![1]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(className);
      await expect(page.getByTestId("class-owner")).toHaveText(teacher.username);
      await expect(page).toHaveTitle(`${className} · CourseCraft`);

      // The invite link, and its copy.
      const inviteField = page.getByTestId("invite-link");
      await expect(inviteField).toHaveValue(new RegExp(`^${baseURL}/join/[A-Za-z0-9_-]{22}$`));
      const inviteLink = await inviteField.inputValue();
      await expect(page.getByTestId("invite-status")).toContainText("can join until");
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByTestId("invite-card").getByRole("button", { name: "Copy" }).click();
      await expect(shell.toast("Invite link copied")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);
      await expect(page.getByTestId("dashboard-empty")).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, viewport.width);

      // The second learner opens the link: the class, its owner, what teachers see and never see; then joins.
      const member = await secondLearner(browser, baseURL, viewport);
      await member.page.goto(inviteLink);
      const preview = member.page.getByTestId("join-preview");
      await expect(preview.getByRole("heading", { level: 2 })).toHaveText(className);
      await expect(member.page.getByTestId("join-owner")).toHaveText(teacher.username);
      const visibility = member.page.getByTestId("teacher-visibility");
      await expect(visibility).toContainText(
        "Your teachers see your username, your progress and quiz answers on the courses they assign, and when you were last active on them.",
      );
      await expect(visibility).toContainText("They never see your notes, chat, flashcards, API tokens, other courses or e-mail address.");
      await expectAccessible(member.page);
      await expectNoSidewaysScroll(member.page, viewport.width);
      await preview.getByRole("button", { name: "Join class" }).click();
      await expect(member.page).toHaveURL(new RegExp(`/classes/${classId}$`));
      await expect(member.page.getByRole("heading", { level: 1 })).toHaveText(className);
      await expect(member.page.getByTestId("role-badge").first()).toHaveText("Member");
      // Nothing of the teacher's side for a member: no invitation, no members, no dashboard.
      await expect(member.page.getByTestId("class-assignments-empty")).toBeVisible();
      await expect(member.page.getByTestId("invite-card")).toHaveCount(0);
      await expect(member.page.getByTestId("class-dashboard")).toHaveCount(0);
      // Joining again is a no-op that says so.
      await member.page.goto(inviteLink);
      await expect(member.page.getByTestId("join-already-member")).toBeVisible();
      await member.page.getByRole("button", { name: "Open the class" }).click();
      await expect(member.page).toHaveURL(new RegExp(`/classes/${classId}$`));

      // Before the assignment, the private course is not theirs to open.
      const memberCourse = new CoursePage(member.page);
      await memberCourse.goto(courseId);
      await expect(member.page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();

      // The teacher sees the new member and assigns the private course, due in 3 days, with a note.
      await page.reload();
      const memberRow = page.getByTestId("class-member").filter({ hasText: member.user.username });
      await expect(memberRow.getByTestId("role-badge")).toHaveText("Member");
      // The owner makes them a teacher, and a member again.
      await memberRow.getByRole("button", { name: "Make teacher" }).click();
      await expect(shell.toast(`${member.user.username} is now a teacher`)).toBeVisible();
      await expect(memberRow.getByTestId("role-badge")).toHaveText("Teacher");
      await expect(page.getByTestId("class-teachers")).toHaveText(member.user.username);
      await memberRow.getByRole("button", { name: "Make member" }).click();
      await expect(memberRow.getByTestId("role-badge")).toHaveText("Member");
      await expect(page.getByTestId("class-teachers")).toHaveText("The owner only");
      const assignForm = page.getByRole("form", { name: "Assign a course" });
      await assignForm.getByLabel("One of your courses").selectOption({ label: courseTitle });
      await assignForm.getByLabel("Due date (optional)").fill(await dayFromToday(page, 3));
      const note = "Watch the first two sections before Thursday.";
      await assignForm.getByLabel("Note for the class (optional)").fill(note);
      await assignForm.getByRole("button", { name: "Assign" }).click();
      await expect(shell.toast("Course assigned")).toBeVisible();
      const teacherAssignment = page.getByTestId("assignment").filter({ hasText: courseTitle });
      await expect(teacherAssignment.getByTestId("assignment-due")).toContainText("Due in 3 days");
      await expect(teacherAssignment.getByTestId("assignment-note")).toHaveText(note);
      // Assigning it twice is refused with the server's reason.
      await assignForm.getByLabel("One of your courses").selectOption({ label: courseTitle });
      await assignForm.getByRole("button", { name: "Assign" }).click();
      await expect(assignForm.getByRole("alert")).toHaveText("This course is assigned to the class already");

      // The member: the assignment on the home page and on the class page.
      await member.page.goto("/");
      const home = member.page.getByTestId("home-assignments");
      await expect(home.getByRole("heading", { level: 2 })).toHaveText("Your assignments");
      const homeItem = home.getByTestId("assignment").filter({ hasText: courseTitle });
      await expect(homeItem.getByRole("link", { name: courseTitle })).toHaveAttribute("href", `/course/${courseId}`);
      await expect(homeItem.getByRole("link", { name: className })).toHaveAttribute("href", `/classes/${classId}`);
      await expect(homeItem.getByTestId("assignment-due")).toContainText("Due in 3 days");
      await expect(homeItem.getByTestId("assignment-progress")).toContainText(`0 of ${sections.length} sections`);
      await expectAccessible(member.page);
      await expectNoSidewaysScroll(member.page, viewport.width);

      await member.page.goto(`/classes/${classId}`);
      const memberItem = member.page.getByTestId("assignment").filter({ hasText: courseTitle });
      await expect(memberItem.getByTestId("assignment-due")).toContainText("Due in 3 days");
      await expect(memberItem.getByTestId("assignment-note")).toHaveText(note);
      await expect(memberItem.getByRole("button", { name: /Delete/ })).toHaveCount(0);
      await expectAccessible(member.page);
      await expectNoSidewaysScroll(member.page, viewport.width);

      // Through the assignment the private course opens; the member completes its first section and misses a question.
      await memberItem.getByRole("link", { name: courseTitle }).click();
      await expect(member.page).toHaveURL(new RegExp(`/course/${courseId}$`));
      await expect(memberCourse.heading()).toHaveText(courseTitle);
      await memberCourse.expectCurrent(sections[0]!.title);
      await memberCourse.nextButton().click();
      await expect(memberCourse.section(sections[0]!.title)).toHaveAttribute("data-done", "true");
      await expect
        .poll(
          async () =>
            ((await (await member.page.request.get(`/api/courses/${courseId}/progress`)).json()) as { completedSections: number[] }).completedSections,
        )
        .toEqual([sections[0]!.id]);
      const missed = await missQuestions(member.page.request, sections[0]!.id);

      // Their own progress on the class page.
      await member.page.goto(`/classes/${classId}`);
      await expect(memberItem.getByTestId("assignment-progress")).toContainText(`1 of ${sections.length} sections · quiz average`);

      // The teacher's dashboard: the member's progress, sortable; their row opens their progress in words.
      await page.reload();
      const table = page.getByTestId("progress-table");
      const row = table.getByTestId("member-row").filter({ hasText: member.user.username });
      await expect(row.getByTestId("standing")).toContainText(`1/${sections.length}`);
      await expect(row.getByTestId("standing")).toContainText(/quiz \d+%/);
      await expect(row.locator("td").first()).not.toHaveText("Not yet");
      const memberHeader = table.locator("th[aria-sort]").first();
      await expect(memberHeader).toHaveAttribute("aria-sort", "ascending");
      await memberHeader.getByRole("button", { name: /Member/ }).click();
      await expect(memberHeader).toHaveAttribute("aria-sort", "descending");
      const courseHeader = table.locator("th[aria-sort]").filter({ hasText: courseTitle });
      await courseHeader.getByRole("button").click();
      await expect(courseHeader).toHaveAttribute("aria-sort", "ascending");
      await expect(memberHeader).toHaveAttribute("aria-sort", "none");
      const opener = row.getByRole("button", { name: member.user.username });
      await expect(opener).toHaveAttribute("aria-expanded", "false");
      await opener.click();
      await expect(opener).toHaveAttribute("aria-expanded", "true");
      await expect(table.getByTestId("member-details")).toContainText(`${courseTitle}: 1 of ${sections.length} sections, quiz average`);
      await expectAccessible(page);
      // On a phone the wide table scrolls inside its own box, never the page.
      await expectNoSidewaysScroll(page, viewport.width);

      // What the class missed: the question, by how many, and its moment.
      const missedQuestion = page.getByTestId("missed-question").first();
      await expect(missedQuestion.getByTestId("missed-by")).toHaveText("Missed by 1 of 1");
      // The fake model's questions each name their moment, so a missed one links to it.
      expect(missed.some((question) => question.sourceTime !== null)).toBe(true);
      const momentLink = page.getByTestId("missed-moment").first();
      await expect(momentLink).toHaveAttribute("href", new RegExp(`^/course/${courseId}\\?t=\\d+$`));
      const seconds = Number(new URL((await momentLink.getAttribute("href"))!, "http://x").searchParams.get("t"));
      expect(missed.map((question) => question.sourceTime)).toContain(seconds);
      await expect(momentLink).toHaveText(`▶ ${clock(seconds)}`);

      // The CSV: its header row, and a row for the member.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = await readFile(await download.path(), "utf8");
      expect(csv.split(/\r?\n/)[0]).toContain("username");
      expect(csv).toContain(member.user.username);

      // The missed question's moment opens the course at that second.
      await momentLink.click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}\\?t=${seconds}$`));
      await new CoursePage(page).expectPlayerAt(seconds);

      // The member leaves (asked first): the class is gone from their list and the private course closes to them.
      await member.page.goto(`/classes/${classId}`);
      await member.page.getByTestId("leave-class").click();
      await member.page.getByRole("button", { name: "Leave now" }).click();
      await expect(member.page).toHaveURL(/\/classes$/);
      await expect(member.page.getByTestId("classes-empty")).toBeVisible();
      // Back in the browser's history the class is read again, not shown from what the page had loaded.
      await member.page.goBack();
      await expect(member.page).toHaveURL(new RegExp(`/classes/${classId}$`));
      await expect(member.page.getByRole("heading", { name: "Class Not Found" })).toBeVisible();
      await memberCourse.goto(courseId);
      await expect(member.page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
      await member.context.close();
    });

    test("the owner renames, archives (read-only), unarchives and deletes a class", async ({ page, shell }) => {
      await registerViaApi(page.request);
      const created = await createClassViaApi(page.request, `Settings ${name}`);
      await page.goto(`/classes/${created.id}`);
      const settings = page.getByTestId("class-settings");
      const renamed = `Renamed ${name}`;
      await settings.getByRole("textbox", { name: "Name", exact: true }).fill(renamed);
      await settings.getByRole("button", { name: "Rename" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);

      await settings.getByRole("button", { name: "Archive class" }).click();
      await expect(shell.toast("Class archived")).toBeVisible();
      await expect(page.getByTestId("class-archived-notice")).toContainText("This class is archived: it is read-only.");
      await expect(page.getByTestId("archived-badge")).toBeVisible();
      await expect(page.getByRole("form", { name: "Assign a course" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "New link" })).toHaveCount(0);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.goto("/classes");
      await expect(page.getByTestId("class-row").filter({ hasText: renamed }).getByTestId("archived-badge")).toBeVisible();

      await page.getByTestId("class-row").filter({ hasText: renamed }).getByRole("link").click();
      await settings.getByRole("button", { name: "Unarchive class" }).click();
      await expect(page.getByTestId("class-archived-notice")).toHaveCount(0);
      await expect(page.getByRole("form", { name: "Assign a course" })).toBeVisible();

      await settings.getByRole("button", { name: "Delete class" }).click();
      await settings.getByRole("group", { name: "Delete class" }).getByRole("button", { name: "Delete class" }).click();
      await expect(page).toHaveURL(/\/classes$/);
      await expect(page.getByTestId("classes-empty")).toBeVisible();
    });

    test("a signed-out visitor to an invite link comes back to it after signing in; a revoked, replaced or unknown code says why", async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const teacher = await registerViaApi(page.request);
      const created = await createClassViaApi(page.request, `Invitations ${name}`);

      // A signed-out visitor goes to sign in and comes back to the invitation.
      const visitor = await secondLearner(browser, baseURL, viewport);
      await visitor.context.clearCookies();
      await visitor.page.goto(`/join/${created.inviteCode}`);
      await expect(visitor.page).toHaveURL(/\/auth$/);
      await new AuthPage(visitor.page).login(visitor.user.username, visitor.user.password);
      await expect(visitor.page).toHaveURL(new RegExp(`/join/${created.inviteCode}$`));
      await expect(visitor.page.getByTestId("join-preview").getByRole("heading", { level: 2 })).toHaveText(created.name);
      await expect(visitor.page.getByTestId("join-owner")).toHaveText(teacher.username);

      // Revoked by the teacher on the class page (asked first): the link says so, and nothing joins.
      await page.goto(`/classes/${created.id}`);
      const invite = page.getByTestId("invite-card");
      const oldLink = await invite.getByTestId("invite-link").inputValue();
      expect(oldLink).toBe(`${baseURL}/join/${created.inviteCode}`);
      await invite.getByRole("button", { name: "Revoke link" }).click();
      await invite.getByRole("button", { name: "Revoke now" }).click();
      await expect(invite.getByTestId("invite-status")).toHaveText("Revoked: this link lets no one in. Make a new link to invite again.");
      await expect(invite.getByRole("button", { name: "Copy" })).toBeDisabled();
      await visitor.page.reload();
      await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Cannot join this class");
      await expect(visitor.page.getByTestId("join-error")).toHaveText("This invitation was revoked. Ask your teacher for a new link.");
      await expectAccessible(visitor.page);

      // A new link, valid for 30 days: the old one stays refused, the new one lets in.
      await invite.getByLabel("Valid for (days)").fill("30");
      await invite.getByRole("button", { name: "New link" }).click();
      await expect(invite.getByTestId("invite-link")).not.toHaveValue(oldLink);
      await expect(invite.getByTestId("invite-status")).toContainText("can join until");
      const newLink = await invite.getByTestId("invite-link").inputValue();
      await expectAccessible(page);
      await visitor.page.goto(oldLink);
      await expect(visitor.page.getByTestId("join-error")).toHaveText(
        "This invitation is not valid. It may have been replaced with a new one: ask your teacher for the current link.",
      );
      await visitor.page.goto(newLink);
      await expect(visitor.page.getByTestId("join-preview").getByRole("heading", { level: 2 })).toHaveText(created.name);

      // An unknown code, typed on /classes.
      await visitor.page.goto("/classes");
      const joinForm = visitor.page.getByRole("form", { name: "Join with a code" });
      await joinForm.getByLabel("Invite code or link").fill(`${baseURL}/join/no-such-code`);
      await joinForm.getByRole("button", { name: "Continue" }).click();
      await expect(visitor.page).toHaveURL(/\/join\/no-such-code$/);
      await expect(visitor.page.getByTestId("join-error")).toHaveText(
        "This invitation is not valid. It may have been replaced with a new one: ask your teacher for the current link.",
      );
      const mine = await visitor.page.request.get("/api/classes");
      expect(((await mine.json()) as { classes: unknown[] }).classes).toEqual([]);

      // Guessing codes is stopped: after 10 refused codes the join screen says to wait (once, on the desktop: the address's budget is shared).
      if (name === "desktop") {
        for (let attempt = 0; attempt < 7; attempt += 1) {
          const guessed = await visitor.page.request.get(`/api/classes/join/guess-${attempt}`);
          expect(guessed.status()).toBe(404);
        }
        await visitor.page.goto("/join/one-guess-too-many");
        await expect(visitor.page.getByTestId("join-error")).toContainText("Too many invalid invite codes. Please wait and try again.");
        await expect(visitor.page.getByTestId("join-error")).toContainText(/You can try again in \d+ (min|s)\./);
        await expectAccessible(visitor.page);
      }
      await visitor.context.close();
    });
  });
}
