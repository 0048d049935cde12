CREATE TABLE "telegram_albums" (
	"bot_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"media_group_id" text NOT NULL,
	"idea_id" uuid,
	"first_update_id" bigint NOT NULL,
	"has_caption" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_albums_bot_id_chat_id_media_group_id_pk" PRIMARY KEY("bot_id","chat_id","media_group_id")
);
--> statement-breakpoint
ALTER TABLE "telegram_updates" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "telegram_updates" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "telegram_albums" ADD CONSTRAINT "telegram_albums_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_updates" ADD CONSTRAINT "telegram_updates_photo_id_idea_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."idea_photos"("id") ON DELETE set null ON UPDATE no action;