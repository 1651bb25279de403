/**
 * The benches seed courses with plain INSERTs; a course on a video also needs its "CourseVideo"
 * row (the course's timeline), as generation writes it. This gives every seeded course on a video
 * that lacks one its row: the whole video, with its own track, at the start of the timeline.
 */
export const ADD_COURSE_VIDEO_ROWS_SQL = `
  INSERT INTO "CourseVideo" ("courseId", position, "videoId", "transcriptId", "offsetSeconds", "durationSeconds", title)
  SELECT c.id, 0, v.id,
         (SELECT t.id FROM "Transcript" t WHERE t."videoId" = v.id AND NOT t.translated ORDER BY t.id LIMIT 1),
         0, v."durationSeconds", v.title
  FROM "Course" c JOIN "Video" v ON v.id = c."videoId"
  WHERE NOT EXISTS (SELECT 1 FROM "CourseVideo" cv WHERE cv."courseId" = c.id)`;
