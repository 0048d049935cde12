ALTER TABLE "user_settings" ADD COLUMN "open_events" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "events_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every user with ideas gets a settings row, and the count of their ideas not yet sent.
INSERT INTO "user_settings" ("user_id") SELECT DISTINCT "user_id" FROM "events" ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
UPDATE "user_settings" AS s SET "open_events" = (
  SELECT count(*) FROM "events" AS e WHERE e."user_id" = s."user_id" AND e."status" <> 'sent'
);
--> statement-breakpoint
-- Keeps "open_events" (ideas not yet sent) and "events_version" of the idea's owner in step with
-- every insert, update and delete of an idea, and refuses a change that takes "open_events" over
-- "max_events" (SQLSTATE LU001, the limit in DETAIL): the limit holds for every write, and two
-- concurrent saves cannot both squeeze under it (the owner's settings row stays locked until
-- the saving transaction ends). Lowering "max_events" below "open_events" is allowed: only
-- changes that open more ideas are refused.
CREATE FUNCTION "events_track_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
  delta integer;
  opened integer;
  room integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "user_settings"
      SET "open_events" = "open_events" - (CASE WHEN OLD."status" <> 'sent' THEN 1 ELSE 0 END),
          "events_version" = "events_version" + 1
      WHERE "user_id" = OLD."user_id";
    RETURN OLD;
  END IF;
  owner := NEW."user_id";
  delta := CASE WHEN NEW."status" <> 'sent' THEN 1 ELSE 0 END;
  IF TG_OP = 'UPDATE' THEN
    delta := delta - (CASE WHEN OLD."status" <> 'sent' THEN 1 ELSE 0 END);
  END IF;
  UPDATE "user_settings"
    SET "open_events" = "open_events" + delta, "events_version" = "events_version" + 1
    WHERE "user_id" = owner
    RETURNING "open_events", "max_events" INTO opened, room;
  IF NOT FOUND THEN
    -- The user's first idea and no settings row yet (it is made on first use).
    INSERT INTO "user_settings" AS s ("user_id", "open_events", "events_version")
      VALUES (owner, greatest(delta, 0), 1)
      ON CONFLICT ("user_id") DO UPDATE
        SET "open_events" = s."open_events" + delta, "events_version" = s."events_version" + 1
      RETURNING s."open_events", s."max_events" INTO opened, room;
  END IF;
  IF delta > 0 AND opened > room THEN
    RAISE EXCEPTION 'open ideas limit reached' USING ERRCODE = 'LU001', DETAIL = room::text;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_track_open" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "events_track_open"();
--> statement-breakpoint
-- The ideas list carries "max_events": a new limit is a new version of it.
CREATE FUNCTION "user_settings_version_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."max_events" IS DISTINCT FROM OLD."max_events" THEN
    NEW."events_version" := OLD."events_version" + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_settings_version_limit" BEFORE UPDATE OF "max_events" ON "user_settings"
  FOR EACH ROW EXECUTE FUNCTION "user_settings_version_limit"();
