-- Read-your-writes across processes and instances. A NOTIFY reaches the other processes a moment
-- after the writer has answered, so a cache evicted by it can serve the state before a write that
-- already answered. Instead, every read of a cached course tree now checks the tree's stamp in the
-- statement that decides access (src/server/services/course/get-course.ts), and the session check
-- reads the user row on every request. The announcements and their triggers go.
DROP TRIGGER IF EXISTS "User_changed_update" ON "User";
DROP TRIGGER IF EXISTS "User_changed_delete" ON "User";
DROP FUNCTION IF EXISTS "notify_user_changed"();
DROP TRIGGER IF EXISTS "Course_changed_update" ON "Course";
DROP TRIGGER IF EXISTS "Course_changed_delete" ON "Course";
DROP TRIGGER IF EXISTS "Chapter_course_changed" ON "Chapter";
DROP TRIGGER IF EXISTS "Section_course_changed" ON "Section";
DROP FUNCTION IF EXISTS "notify_course_changed"();
DROP FUNCTION IF EXISTS "notify_chapter_course_changed"();
DROP FUNCTION IF EXISTS "notify_section_course_changed"();

-- The id of the last transaction that changed what the course's tree holds (its shown fields,
-- its chapters, sections and videos). Set in that transaction, so it commits with the change.
ALTER TABLE "Course" ADD COLUMN "treeStamp" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION "stamp_course_tree"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."treeStamp" := txid_current();
  RETURN NEW;
END
$$;

CREATE TRIGGER "Course_tree_stamp" BEFORE UPDATE ON "Course" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title
        OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD."thumbnailUrl" IS DISTINCT FROM NEW."thumbnailUrl"
        OR OLD.complexity IS DISTINCT FROM NEW.complexity
        OR OLD."videoId" IS DISTINCT FROM NEW."videoId"
        OR OLD."isPublic" IS DISTINCT FROM NEW."isPublic"
        OR OLD.engine IS DISTINCT FROM NEW.engine
        OR OLD.language IS DISTINCT FROM NEW.language
        OR OLD."playlistId" IS DISTINCT FROM NEW."playlistId"
        OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD."userId" IS DISTINCT FROM NEW."userId"
        OR OLD.version IS DISTINCT FROM NEW.version)
  EXECUTE FUNCTION "stamp_course_tree"();

-- A change below the course stamps the course once per transaction (later rows find it stamped).
-- Writers of the outline lock the course row first (services/editing), so this adds no new wait.
CREATE FUNCTION "stamp_course_tree_of"(course_id integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "Course" SET "treeStamp" = txid_current() WHERE id = course_id AND "treeStamp" <> txid_current();
$$;

CREATE FUNCTION "stamp_course_of_chapter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "stamp_course_tree_of"(OLD."courseId"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."courseId" <> OLD."courseId") THEN PERFORM "stamp_course_tree_of"(NEW."courseId"); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Chapter_tree_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Chapter" FOR EACH ROW EXECUTE FUNCTION "stamp_course_of_chapter"();

-- A section reaches its course through its chapter; a detached section (no chapter) is in no tree.
CREATE FUNCTION "stamp_course_of_section"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."chapterId" IS NOT NULL THEN
    PERFORM "stamp_course_tree_of"(ch."courseId") FROM "Chapter" ch WHERE ch.id = OLD."chapterId";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."chapterId" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."chapterId" IS DISTINCT FROM OLD."chapterId") THEN
    PERFORM "stamp_course_tree_of"(ch."courseId") FROM "Chapter" ch WHERE ch.id = NEW."chapterId";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Section_tree_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Section" FOR EACH ROW EXECUTE FUNCTION "stamp_course_of_section"();

CREATE FUNCTION "stamp_course_of_video"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "stamp_course_tree_of"(OLD."courseId"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."courseId" <> OLD."courseId") THEN PERFORM "stamp_course_tree_of"(NEW."courseId"); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "CourseVideo_tree_stamp" AFTER INSERT OR UPDATE OR DELETE ON "CourseVideo" FOR EACH ROW EXECUTE FUNCTION "stamp_course_of_video"();
