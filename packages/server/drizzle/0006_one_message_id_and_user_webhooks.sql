-- gen_random_uuid() is volatile: adding the column gives every existing settings row its own id.
ALTER TABLE "email_deliveries" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "email_webhook_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "email_webhook_key_encrypted" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_message_id_idx" ON "email_deliveries" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_email_webhook_id_unique" UNIQUE("email_webhook_id");