-- An idea's first status is "raw" (one Raw idea), not "raw_ideas": one name per concept. The label shown stays "Raw Ideas".
ALTER TABLE "ideas" ALTER COLUMN "status" SET DEFAULT 'raw';--> statement-breakpoint
UPDATE "ideas" SET "status" = 'raw' WHERE "status" = 'raw_ideas';
