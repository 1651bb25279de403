-- Each app process keeps the course trees it has served (src/server/services/course/get-course.ts).
-- Every change to what a tree holds (the course's shown fields, its visibility, its chapters and
-- sections) is announced on the channel course_changed with the course id, on commit, so that
-- each process drops its copy. A new course needs no announcement: nothing holds it yet.
CREATE OR REPLACE FUNCTION "notify_course_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('course_changed', OLD.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "Course_changed_update" AFTER UPDATE ON "Course" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title
        OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD."thumbnailUrl" IS DISTINCT FROM NEW."thumbnailUrl"
        OR OLD.complexity IS DISTINCT FROM NEW.complexity
        OR OLD."videoId" IS DISTINCT FROM NEW."videoId"
        OR OLD."isPublic" IS DISTINCT FROM NEW."isPublic"
        OR OLD.engine IS DISTINCT FROM NEW.engine
        OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD."userId" IS DISTINCT FROM NEW."userId")
  EXECUTE FUNCTION "notify_course_changed"();

CREATE TRIGGER "Course_changed_delete" AFTER DELETE ON "Course" FOR EACH ROW EXECUTE FUNCTION "notify_course_changed"();

CREATE OR REPLACE FUNCTION "notify_chapter_course_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('course_changed', OLD."courseId"::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('course_changed', NEW."courseId"::text); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Chapter_course_changed" AFTER INSERT OR UPDATE OR DELETE ON "Chapter" FOR EACH ROW EXECUTE FUNCTION "notify_chapter_course_changed"();

-- A section reaches its course through its chapter; when the chapter is already gone (a cascade),
-- the chapter's or the course's own deletion has announced it.
CREATE OR REPLACE FUNCTION "notify_section_course_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  course_id integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT "courseId" INTO course_id FROM "Chapter" WHERE id = OLD."chapterId";
    IF course_id IS NOT NULL THEN PERFORM pg_notify('course_changed', course_id::text); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT "courseId" INTO course_id FROM "Chapter" WHERE id = NEW."chapterId";
    IF course_id IS NOT NULL THEN PERFORM pg_notify('course_changed', course_id::text); END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Section_course_changed" AFTER INSERT OR UPDATE OR DELETE ON "Section" FOR EACH ROW EXECUTE FUNCTION "notify_section_course_changed"();
