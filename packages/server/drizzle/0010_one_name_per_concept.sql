-- One name per concept in the database too: ideas, shares and their texts, templates and the
-- Telegram chats a user connected keep their rows; only names change (and the key of a share's one
-- text for everyone). Constraints and indexes follow their tables, under the names drizzle gives them.

-- Ideas: "events" → "ideas", its kind of life event "event_type" → "kind".
ALTER TABLE "events" RENAME TO "ideas";
--> statement-breakpoint
ALTER TABLE "ideas" RENAME COLUMN "event_type" TO "kind";
--> statement-breakpoint
ALTER TABLE "ideas" RENAME CONSTRAINT "events_pkey" TO "ideas_pkey";
--> statement-breakpoint
ALTER TABLE "ideas" RENAME CONSTRAINT "events_user_id_users_id_fk" TO "ideas_user_id_users_id_fk";
--> statement-breakpoint
ALTER INDEX "events_user_id_idx" RENAME TO "ideas_user_id_idx";
--> statement-breakpoint
ALTER INDEX "events_user_idempotency_key_idx" RENAME TO "ideas_user_idempotency_key_idx";
--> statement-breakpoint
-- The open-ideas limit and count.
ALTER TABLE "user_settings" RENAME COLUMN "max_events" TO "max_ideas";
--> statement-breakpoint
ALTER TABLE "user_settings" RENAME COLUMN "open_events" TO "open_ideas";
--> statement-breakpoint
-- The trigger of migrations 0001 and 0005 under the new names: it keeps "open_ideas" (ideas not yet
-- sent) in step with every insert, update and delete of an idea, and refuses a change that takes it
-- over "max_ideas" (SQLSTATE LU001, the limit in DETAIL), so the limit holds for every write and two
-- concurrent saves cannot both squeeze under it. Lowering "max_ideas" below "open_ideas" stays allowed.
DROP TRIGGER "events_track_open" ON "ideas";
--> statement-breakpoint
DROP FUNCTION "events_track_open"();
--> statement-breakpoint
CREATE FUNCTION "ideas_track_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
  delta integer;
  opened integer;
  room integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "user_settings"
      SET "open_ideas" = "open_ideas" - (CASE WHEN OLD."status" <> 'sent' THEN 1 ELSE 0 END)
      WHERE "user_id" = OLD."user_id";
    RETURN OLD;
  END IF;
  owner := NEW."user_id";
  delta := CASE WHEN NEW."status" <> 'sent' THEN 1 ELSE 0 END;
  IF TG_OP = 'UPDATE' THEN
    delta := delta - (CASE WHEN OLD."status" <> 'sent' THEN 1 ELSE 0 END);
  END IF;
  UPDATE "user_settings"
    SET "open_ideas" = "open_ideas" + delta
    WHERE "user_id" = owner
    RETURNING "open_ideas", "max_ideas" INTO opened, room;
  IF NOT FOUND THEN
    -- The user's first idea and no settings row yet (it is made on first use).
    INSERT INTO "user_settings" AS s ("user_id", "open_ideas")
      VALUES (owner, greatest(delta, 0))
      ON CONFLICT ("user_id") DO UPDATE
        SET "open_ideas" = s."open_ideas" + delta
      RETURNING s."open_ideas", s."max_ideas" INTO opened, room;
  END IF;
  IF delta > 0 AND opened > room THEN
    RAISE EXCEPTION 'open ideas limit reached' USING ERRCODE = 'LU001', DETAIL = room::text;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ideas_track_open" AFTER INSERT OR UPDATE OR DELETE ON "ideas"
  FOR EACH ROW EXECUTE FUNCTION "ideas_track_open"();
--> statement-breakpoint
-- The bot updates turned into an idea.
ALTER TABLE "telegram_updates" RENAME COLUMN "event_id" TO "idea_id";
--> statement-breakpoint
ALTER TABLE "telegram_updates" RENAME CONSTRAINT "telegram_updates_event_id_events_id_fk" TO "telegram_updates_idea_id_ideas_id_fk";
--> statement-breakpoint
-- Shares (every status): "pending_shares" → "shares", with their ideas, snapshots and texts.
ALTER TABLE "pending_shares" RENAME TO "shares";
--> statement-breakpoint
ALTER TABLE "shares" RENAME COLUMN "events_ids" TO "idea_ids";
--> statement-breakpoint
ALTER TABLE "shares" RENAME COLUMN "events" TO "ideas";
--> statement-breakpoint
ALTER TABLE "shares" RENAME COLUMN "summaries" TO "texts";
--> statement-breakpoint
ALTER TABLE "shares" RENAME CONSTRAINT "pending_shares_pkey" TO "shares_pkey";
--> statement-breakpoint
ALTER TABLE "shares" RENAME CONSTRAINT "pending_shares_user_id_users_id_fk" TO "shares_user_id_users_id_fk";
--> statement-breakpoint
ALTER INDEX "pending_shares_user_id_idx" RENAME TO "shares_user_id_idx";
--> statement-breakpoint
ALTER INDEX "pending_shares_sent_at_idx" RENAME TO "shares_sent_at_idx";
--> statement-breakpoint
ALTER TABLE "deliveries" RENAME CONSTRAINT "deliveries_share_id_pending_shares_id_fk" TO "deliveries_share_id_shares_id_fk";
--> statement-breakpoint
-- A share's one text for everyone is kept under "everyone" ("summary" names one recipient's text).
UPDATE "shares" SET "texts" = ("texts" - 'summary') || jsonb_build_object('everyone', "texts"->'summary')
  WHERE "texts" ? 'summary';
--> statement-breakpoint
-- Email-structure templates: "summary_templates" → "templates".
ALTER TABLE "summary_templates" RENAME TO "templates";
--> statement-breakpoint
ALTER TABLE "templates" RENAME CONSTRAINT "summary_templates_pkey" TO "templates_pkey";
--> statement-breakpoint
ALTER TABLE "templates" RENAME CONSTRAINT "summary_templates_user_id_users_id_fk" TO "templates_user_id_users_id_fk";
--> statement-breakpoint
ALTER INDEX "summary_templates_user_id_idx" RENAME TO "templates_user_id_idx";
--> statement-breakpoint
-- The Telegram channels and groups a user connected are chats, as Telegram calls them.
ALTER TABLE "telegram_channels" RENAME TO "telegram_chats";
--> statement-breakpoint
ALTER TABLE "telegram_chats" RENAME CONSTRAINT "telegram_channels_pkey" TO "telegram_chats_pkey";
--> statement-breakpoint
ALTER TABLE "telegram_chats" RENAME CONSTRAINT "telegram_channels_user_chat" TO "telegram_chats_user_chat";
--> statement-breakpoint
ALTER TABLE "telegram_chats" RENAME CONSTRAINT "telegram_channels_user_id_users_id_fk" TO "telegram_chats_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "deliveries" RENAME CONSTRAINT "deliveries_chat_id_telegram_channels_id_fk" TO "deliveries_chat_id_telegram_chats_id_fk";
