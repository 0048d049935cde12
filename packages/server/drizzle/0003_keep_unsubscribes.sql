-- An unsubscribe belongs to the person, not to the contact row: it is kept by address per owner in
-- "unsubscribed_addresses", so deleting and re-adding a contact (or importing it again) does not
-- bring them back. Only the contact's own undo (which clears contacts.unsubscribed_at) removes it.

-- A contact row's unsubscribe set → its address is listed; cleared → the address (old and new) is not.
CREATE FUNCTION "contacts_track_unsubscribe"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."unsubscribed_at" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."unsubscribed_at" IS NULL) THEN
    INSERT INTO "unsubscribed_addresses" ("user_id", "email", "source", "created_at")
    VALUES (NEW."user_id", lower(btrim(NEW."email")), NEW."unsubscribe_source", NEW."unsubscribed_at")
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' AND NEW."unsubscribed_at" IS NULL AND OLD."unsubscribed_at" IS NOT NULL THEN
    DELETE FROM "unsubscribed_addresses"
    WHERE "user_id" = NEW."user_id" AND "email" IN (lower(btrim(OLD."email")), lower(btrim(NEW."email")));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_track_unsubscribe" AFTER INSERT OR UPDATE OF "unsubscribed_at" ON "contacts"
  FOR EACH ROW EXECUTE FUNCTION "contacts_track_unsubscribe"();
--> statement-breakpoint
-- A contact created with an address that unsubscribed starts unsubscribed.
CREATE FUNCTION "contacts_keep_unsubscribe"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed "unsubscribed_addresses"%ROWTYPE;
BEGIN
  IF NEW."unsubscribed_at" IS NULL THEN
    SELECT * INTO listed FROM "unsubscribed_addresses"
    WHERE "user_id" = NEW."user_id" AND "email" = lower(btrim(NEW."email"));
    IF FOUND THEN
      NEW."unsubscribed_at" := listed."created_at";
      NEW."unsubscribe_source" := listed."source";
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_keep_unsubscribe" BEFORE INSERT ON "contacts"
  FOR EACH ROW EXECUTE FUNCTION "contacts_keep_unsubscribe"();
