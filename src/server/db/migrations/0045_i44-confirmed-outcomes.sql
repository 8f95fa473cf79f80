CREATE TABLE "recipient_record_look_hours" (
	"merchant_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"looks" integer NOT NULL,
	CONSTRAINT "recipient_record_look_hours_merchant_id_hour_pk" PRIMARY KEY("merchant_id","hour")
);
--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "recipient_confirmation" text;--> statement-breakpoint
ALTER TABLE "parcel_outcomes" ADD COLUMN "confirmation" text DEFAULT 'not_asked' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipient_record_look_hours" ADD CONSTRAINT "recipient_record_look_hours_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whether a parcel's recipient confirmed it (R-PARCEL-OUTCOMES, decision 182), kept on the parcel's own row so the
-- outcome triggers below read it there: confirmed (or the change they asked for accepted), or asked and not (yet).
CREATE FUNCTION recipient_confirmation_of(state text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN state = 'confirmed' THEN 'confirmed' ELSE 'unconfirmed' END
$$;
--> statement-breakpoint
CREATE FUNCTION recipient_confirmation_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE consignments SET recipient_confirmation = NULL WHERE id = OLD.consignment_id AND recipient_confirmation IS NOT NULL;
  ELSE
    UPDATE consignments SET recipient_confirmation = recipient_confirmation_of(NEW.state)
      WHERE id = NEW.consignment_id AND recipient_confirmation IS DISTINCT FROM recipient_confirmation_of(NEW.state);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recipient_confirmations_kept_on_parcel AFTER INSERT OR UPDATE OF state OR DELETE ON recipient_confirmations
  FOR EACH ROW EXECUTE FUNCTION recipient_confirmation_kept();
--> statement-breakpoint
UPDATE consignments c SET recipient_confirmation = recipient_confirmation_of(r.state)
  FROM recipient_confirmations r WHERE r.consignment_id = c.id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parcel_outcomes_booked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_outcomes (week, sender_id, outcome, confirmation, parcels)
    SELECT parcel_week_of(created_at), user_id, parcel_outcome_of(status), coalesce(recipient_confirmation, 'not_asked'), count(*)
      FROM booked WHERE NOT test AND user_id IS NOT NULL GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT parcel_week_of(created_at), NULL, parcel_outcome_of(status), coalesce(recipient_confirmation, 'not_asked'), count(*)
      FROM booked WHERE NOT test GROUP BY 1, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parcel_outcomes_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  week date := parcel_week_of(NEW.created_at);
  was text := coalesce(OLD.recipient_confirmation, 'not_asked');
  now_is text := coalesce(NEW.recipient_confirmation, 'not_asked');
BEGIN
  IF NEW.test THEN
    RETURN NULL;
  END IF;
  INSERT INTO parcel_outcomes (week, sender_id, outcome, confirmation, parcels)
    VALUES (week, NULL, parcel_outcome_of(OLD.status), was, -1), (week, NULL, parcel_outcome_of(NEW.status), now_is, 1);
  IF NEW.user_id IS NOT NULL THEN
    INSERT INTO parcel_outcomes (week, sender_id, outcome, confirmation, parcels)
      VALUES (week, NEW.user_id, parcel_outcome_of(OLD.status), was, -1), (week, NEW.user_id, parcel_outcome_of(NEW.status), now_is, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER consignments_outcomes_when_moved ON consignments;
--> statement-breakpoint
CREATE TRIGGER consignments_outcomes_when_moved AFTER UPDATE OF status, recipient_confirmation ON consignments
  FOR EACH ROW WHEN (parcel_outcome_of(OLD.status) IS DISTINCT FROM parcel_outcome_of(NEW.status)
    OR OLD.recipient_confirmation IS DISTINCT FROM NEW.recipient_confirmation)
  EXECUTE FUNCTION parcel_outcomes_moved();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parcel_outcomes_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_outcomes (week, sender_id, outcome, confirmation, parcels)
    SELECT parcel_week_of(created_at), user_id, parcel_outcome_of(status), coalesce(recipient_confirmation, 'not_asked'), -count(*)
      FROM removed WHERE NOT test AND user_id IS NOT NULL GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT parcel_week_of(created_at), NULL, parcel_outcome_of(status), coalesce(recipient_confirmation, 'not_asked'), -count(*)
      FROM removed WHERE NOT test GROUP BY 1, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The parcels there already, counted again with whether their recipients confirmed them.
DELETE FROM parcel_outcomes;
--> statement-breakpoint
INSERT INTO parcel_outcomes (week, sender_id, outcome, confirmation, parcels)
  SELECT parcel_week_of(created_at), user_id, parcel_outcome_of(status), coalesce(recipient_confirmation, 'not_asked'), count(*)
    FROM consignments WHERE NOT test AND user_id IS NOT NULL GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT parcel_week_of(created_at), NULL, parcel_outcome_of(status), coalesce(recipient_confirmation, 'not_asked'), count(*)
    FROM consignments WHERE NOT test GROUP BY 1, 3, 4;
