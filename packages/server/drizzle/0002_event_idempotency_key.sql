ALTER TABLE "events" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "events_user_idempotency_key_idx" ON "events" USING btree ("user_id","idempotency_key");