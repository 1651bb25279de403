import { z } from "zod";

import { idParam } from "./common";

export const COURSE_EXPORT_FORMATS = ["markdown"] as const;
export const CARD_EXPORT_FORMATS = ["anki", "tsv"] as const;
export type CardExportFormat = (typeof CARD_EXPORT_FORMATS)[number];

/** GET /api/courses/{id}/export?format=markdown: the course with the learner's own notes and cards, as a file. */
export const courseExportInput = z.object({
  id: idParam,
  format: z.enum(COURSE_EXPORT_FORMATS, { error: `format must be one of: ${COURSE_EXPORT_FORMATS.join(", ")}` }),
});

/** GET /api/cards/export?format=anki|tsv[&courseId=]: the learner's cards (of one course, with courseId), as a file. */
export const cardsExportInput = z.object({
  format: z.enum(CARD_EXPORT_FORMATS, { error: `format must be one of: ${CARD_EXPORT_FORMATS.join(", ")}` }),
  courseId: idParam.optional(),
});
