-- The ideas list is no longer cached, so nothing reads "events_version" (dropped in 0004): the
-- trigger keeps only "open_events" (ideas not yet sent) in step with every insert, update and
-- delete of an idea, and still refuses a change that takes it over "max_events" (SQLSTATE LU001,
-- the limit in DETAIL), so the limit holds for every write and two concurrent saves cannot both
-- squeeze under it. Lowering "max_events" below "open_events" stays allowed.
DROP TRIGGER IF EXISTS "user_settings_version_limit" ON "user_settings";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_settings_version_limit"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "events_track_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
  delta integer;
  opened integer;
  room integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "user_settings"
      SET "open_events" = "open_events" - (CASE WHEN OLD."status" <> 'sent' THEN 1 ELSE 0 END)
      WHERE "user_id" = OLD."user_id";
    RETURN OLD;
  END IF;
  owner := NEW."user_id";
  delta := CASE WHEN NEW."status" <> 'sent' THEN 1 ELSE 0 END;
  IF TG_OP = 'UPDATE' THEN
    delta := delta - (CASE WHEN OLD."status" <> 'sent' THEN 1 ELSE 0 END);
  END IF;
  UPDATE "user_settings"
    SET "open_events" = "open_events" + delta
    WHERE "user_id" = owner
    RETURNING "open_events", "max_events" INTO opened, room;
  IF NOT FOUND THEN
    -- The user's first idea and no settings row yet (it is made on first use).
    INSERT INTO "user_settings" AS s ("user_id", "open_events")
      VALUES (owner, greatest(delta, 0))
      ON CONFLICT ("user_id") DO UPDATE
        SET "open_events" = s."open_events" + delta
      RETURNING s."open_events", s."max_events" INTO opened, room;
  END IF;
  IF delta > 0 AND opened > room THEN
    RAISE EXCEPTION 'open ideas limit reached' USING ERRCODE = 'LU001', DETAIL = room::text;
  END IF;
  RETURN NEW;
END
$$;
