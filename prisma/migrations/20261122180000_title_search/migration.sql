-- The header search (src/server/services/course/search-courses.ts) finds words anywhere in
-- course, chapter and section titles. Trigram indexes on the exact expression it searches let
-- it read only the titles that can match instead of every title in the catalogue, and btree
-- indexes on lower(title) read titles that start with the query in order, so it stops early.
-- pg_trgm is a trusted extension: the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "Course_title_search_idx" ON "Course" USING gin ((' ' || lower(title)) gin_trgm_ops);
CREATE INDEX "Chapter_title_search_idx" ON "Chapter" USING gin ((' ' || lower(title)) gin_trgm_ops);
CREATE INDEX "Section_title_search_idx" ON "Section" USING gin ((' ' || lower(title)) gin_trgm_ops);

CREATE INDEX "Course_title_prefix_idx" ON "Course" (lower(title) text_pattern_ops);
CREATE INDEX "Chapter_title_prefix_idx" ON "Chapter" (lower(title) text_pattern_ops);
CREATE INDEX "Section_title_prefix_idx" ON "Section" (lower(title) text_pattern_ops);
