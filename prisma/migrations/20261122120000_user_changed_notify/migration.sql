-- Each app process keeps the signed-in users it has checked (src/server/services/auth/session-user-cache.ts).
-- Every change to what it keeps (the session version, the public fields) or a deletion is
-- announced on the channel user_changed with the user's id, on commit, so that each process drops its copy.
CREATE OR REPLACE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_changed', OLD.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "User_changed_update" AFTER UPDATE ON "User" FOR EACH ROW
  WHEN (OLD."sessionVersion" IS DISTINCT FROM NEW."sessionVersion"
        OR OLD.username IS DISTINCT FROM NEW.username
        OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD."displayName" IS DISTINCT FROM NEW."displayName"
        OR OLD."photoURL" IS DISTINCT FROM NEW."photoURL")
  EXECUTE FUNCTION "notify_user_changed"();

CREATE TRIGGER "User_changed_delete" AFTER DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
