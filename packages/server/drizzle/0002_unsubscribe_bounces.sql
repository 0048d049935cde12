ALTER TABLE "contacts" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "unsubscribe_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "failure_kind" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "email_deliveries_provider_message_idx" ON "email_deliveries" USING btree ("provider_message_id");