-- One way out: every destination of a share, on every channel, is a row of "deliveries".
ALTER TABLE "email_deliveries" RENAME TO "deliveries";--> statement-breakpoint
ALTER TABLE "deliveries" RENAME CONSTRAINT "email_deliveries_pkey" TO "deliveries_pkey";--> statement-breakpoint
ALTER TABLE "deliveries" RENAME CONSTRAINT "email_deliveries_user_id_users_id_fk" TO "deliveries_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "deliveries" RENAME CONSTRAINT "email_deliveries_share_id_pending_shares_id_fk" TO "deliveries_share_id_pending_shares_id_fk";--> statement-breakpoint
ALTER INDEX "email_deliveries_share_idx" RENAME TO "deliveries_share_idx";--> statement-breakpoint
ALTER INDEX "email_deliveries_provider_message_idx" RENAME TO "deliveries_provider_message_idx";--> statement-breakpoint
ALTER INDEX "email_deliveries_message_id_idx" RENAME TO "deliveries_message_id_idx";--> statement-breakpoint
ALTER INDEX "email_deliveries_user_idx" RENAME TO "deliveries_user_idx";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "chat_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "error_values" jsonb;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "recipient_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "subject" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_chat_id_telegram_channels_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."telegram_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_shares" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
-- Telegram posts: published Telegram deliveries of the shares their text was kept in. Those shares
-- were kept as saved_for_later; they went out, so they are sent now. A post whose share was
-- deleted gets a share of its ideas (its text was only in that share).
CREATE TEMPORARY TABLE "telegram_post_shares" AS
SELECT p."id" AS "post_id", gen_random_uuid() AS "share_id" FROM "telegram_posts" AS p WHERE p."share_id" IS NULL;--> statement-breakpoint
INSERT INTO "pending_shares" ("id", "user_id", "status", "events_ids", "events", "contact_ids", "summaries", "source", "generated_at", "sent_at", "created_at", "updated_at")
SELECT t."share_id", p."user_id", 'sent', p."event_ids",
  coalesce((SELECT jsonb_agg(jsonb_build_object('id', e."id", 'title', e."title", 'content', e."content", 'date', e."date", 'createdAt', e."created_at") ORDER BY ids.ord)
     FROM jsonb_array_elements_text(p."event_ids") WITH ORDINALITY AS ids(id, ord)
     JOIN "events" AS e ON e."id"::text = ids.id), '[]'::jsonb),
  '[]'::jsonb, '{}'::jsonb, 'telegram', p."created_at", p."created_at", p."created_at", p."created_at"
FROM "telegram_posts" AS p JOIN "telegram_post_shares" AS t ON t."post_id" = p."id";--> statement-breakpoint
UPDATE "telegram_posts" AS p SET "share_id" = t."share_id" FROM "telegram_post_shares" AS t WHERE t."post_id" = p."id";--> statement-breakpoint
DROP TABLE "telegram_post_shares";--> statement-breakpoint
INSERT INTO "deliveries" ("user_id", "share_id", "channel", "recipient_name", "chat_id", "body", "status", "attempts", "provider_message_id", "link", "sent_at", "created_at", "updated_at")
SELECT p."user_id", p."share_id", 'telegram', c."title", p."channel_id", coalesce(s."summaries"->>'summary', ''), 'published', 1,
  (SELECT string_agg(m.value, ',') FROM jsonb_array_elements_text(p."message_ids") AS m), p."message_link", p."created_at", p."created_at", p."created_at"
FROM "telegram_posts" AS p
LEFT JOIN "telegram_channels" AS c ON c."id" = p."channel_id"
LEFT JOIN "pending_shares" AS s ON s."id" = p."share_id";--> statement-breakpoint
UPDATE "pending_shares" AS s SET "status" = 'sent', "sent_at" = coalesce(s."sent_at", p."created_at")
FROM "telegram_posts" AS p
WHERE p."share_id" = s."id" AND s."status" IN ('pending', 'generated', 'saved_for_later', 'approved');--> statement-breakpoint
-- LinkedIn posts: each becomes a share of its ideas (as they are now) with one LinkedIn delivery.
-- A scheduled post is a scheduled share; a cancelled one is dropped, as it was never shown.
CREATE TEMPORARY TABLE "linkedin_post_shares" AS
SELECT p.*, gen_random_uuid() AS "new_share_id" FROM "linkedin_posts" AS p WHERE p."status" <> 'cancelled';--> statement-breakpoint
INSERT INTO "pending_shares" ("id", "user_id", "status", "events_ids", "events", "contact_ids", "summaries", "source", "generated_at", "send_at", "sent_at", "created_at", "updated_at")
SELECT p."new_share_id", p."user_id",
  CASE p."status" WHEN 'scheduled' THEN 'scheduled' WHEN 'publishing' THEN 'sending' WHEN 'published' THEN 'sent' ELSE 'failed' END,
  p."event_ids",
  coalesce((SELECT jsonb_agg(jsonb_build_object('id', e."id", 'title', e."title", 'content', e."content", 'date', e."date", 'createdAt', e."created_at") ORDER BY ids.ord)
     FROM jsonb_array_elements_text(p."event_ids") WITH ORDINALITY AS ids(id, ord)
     JOIN "events" AS e ON e."id"::text = ids.id), '[]'::jsonb),
  '[]'::jsonb, jsonb_build_object('summary', p."text"), 'linkedin', p."created_at",
  CASE WHEN p."job_id" IS NOT NULL THEN p."publish_at" END,
  p."published_at", p."created_at", p."updated_at"
FROM "linkedin_post_shares" AS p;--> statement-breakpoint
INSERT INTO "deliveries" ("user_id", "share_id", "channel", "recipient_name", "body", "status", "attempts", "error_key", "error_values", "failure_kind", "provider_message_id", "link", "sent_at", "created_at", "updated_at")
SELECT p."user_id", p."new_share_id", 'linkedin', c."name", p."text",
  CASE p."status" WHEN 'scheduled' THEN 'queued' WHEN 'publishing' THEN 'sending' WHEN 'published' THEN 'published' ELSE 'failed' END,
  CASE WHEN p."status" IN ('published', 'failed', 'publishing') THEN 1 ELSE 0 END,
  p."error_key", p."error_values", CASE WHEN p."status" = 'failed' THEN 'permanent' END,
  p."post_urn", p."post_url", p."published_at", p."created_at", p."updated_at"
FROM "linkedin_post_shares" AS p
LEFT JOIN "linkedin_connections" AS c ON c."user_id" = p."user_id";--> statement-breakpoint
DROP TABLE "linkedin_post_shares";--> statement-breakpoint
DROP TABLE "telegram_posts" CASCADE;--> statement-breakpoint
DROP TABLE "linkedin_posts" CASCADE;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "linkedin_post_url";--> statement-breakpoint
ALTER TABLE "linkedin_authorizations" DROP COLUMN "code_verifier_encrypted";
