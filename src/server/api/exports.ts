import { classExportInput } from "~/lib/schemas/assignments";
import { cardsExportInput, courseExportInput } from "~/lib/schemas/export";
import { CLASS_CSV_CONTENT_TYPE, classCsv } from "~/server/services/classes/dashboard";
import { exportCards, type ExportFile } from "~/server/services/export/export-cards";
import { exportCourseMarkdown } from "~/server/services/export/export-course";

import { compilePath } from "./paths";
import { type ApiHandler, parseQueryInput, withUser } from "./route-handler";

/**
 * The file downloads: a file body is not JSON, which trpc-to-openapi cannot answer, so they
 * are rows of the route table (routes.ts) with the procedures' guards, sign-in and errors
 * (withUser), documented by hand in openapi.ts.
 */
export const COURSE_EXPORT_PATH = "/api/courses/{id}/export";
export const CARDS_EXPORT_PATH = "/api/cards/export";
export const CLASS_EXPORT_PATH = "/api/classes/{id}/export";
const courseIdOf = compilePath(COURSE_EXPORT_PATH);
const classIdOf = compilePath(CLASS_EXPORT_PATH);

function download(file: ExportFile): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      // The name is ASCII already (asciiFileName), so the plain form is enough for every browser.
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** GET /api/courses/{id}/export?format=markdown */
export const handleCourseExport: ApiHandler = withUser(async (req, { ctx, user }) => {
  const url = new URL(req.url);
  const input = parseQueryInput(courseExportInput, url, ["format"], { id: courseIdOf(url.pathname)?.id });
  return download(await exportCourseMarkdown(ctx.db, { courseId: input.id, userId: user.id }));
}, "course export failed");

/** GET /api/cards/export?format=anki|tsv[&courseId=] */
export const handleCardsExport: ApiHandler = withUser(async (req, { ctx, user }) => {
  const input = parseQueryInput(cardsExportInput, new URL(req.url), ["format", "courseId"]);
  return download(await exportCards(ctx.db, { userId: user.id, courseId: input.courseId, format: input.format }));
}, "cards export failed");

/** GET /api/classes/{id}/export?format=csv (the class's owner and teachers; a teacher's API token too) */
export const handleClassExport: ApiHandler = withUser(async (req, { ctx, user }) => {
  const url = new URL(req.url);
  const input = parseQueryInput(classExportInput, url, ["format"], { id: classIdOf(url.pathname)?.id });
  const { fileName, csv } = await classCsv(ctx.db, { userId: user.id, classId: input.id });
  return download({ fileName, contentType: CLASS_CSV_CONTENT_TYPE, body: csv });
}, "class export failed");
