ALTER TABLE "idea_photos" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "idea_photos" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "idea_photos_user_idempotency_key_idx" ON "idea_photos" USING btree ("user_id","idempotency_key");
