CREATE TABLE "parcel_outcomes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcel_outcomes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"week" date NOT NULL,
	"sender_id" text,
	"outcome" text NOT NULL,
	"parcels" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "parcel_outcomes_sender_week_idx" ON "parcel_outcomes" USING btree ("sender_id","week");--> statement-breakpoint
-- How parcels ended by the week they were booked (R-PARCEL-OUTCOMES, decision 171), kept like parcel_counts
-- (decision 123): every booking, move between outcomes and removal appends its changes, once for its sender
-- and once for the whole network (sender_id null); nothing updates a row. Sandbox parcels are not counted.
CREATE FUNCTION parcel_outcome_of(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status IN ('delivered', 'partially_delivered') THEN 'delivered'
    WHEN status IN ('returning', 'returned') THEN 'returned'
    WHEN status = 'cancelled' THEN 'cancelled'
    ELSE 'open'
  END
$$;
--> statement-breakpoint
-- The Monday of the week a parcel was booked in, in Dhaka (the shop's days, R-LOCALE).
CREATE FUNCTION parcel_week_of(booked timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('week', booked AT TIME ZONE 'Asia/Dhaka')::date
$$;
--> statement-breakpoint
CREATE FUNCTION parcel_outcomes_booked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_outcomes (week, sender_id, outcome, parcels)
    SELECT parcel_week_of(created_at), user_id, parcel_outcome_of(status), count(*)
      FROM booked WHERE NOT test AND user_id IS NOT NULL GROUP BY 1, 2, 3
    UNION ALL
    SELECT parcel_week_of(created_at), NULL, parcel_outcome_of(status), count(*) FROM booked WHERE NOT test GROUP BY 1, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consignments_outcomes_when_booked AFTER INSERT ON consignments
  REFERENCING NEW TABLE AS booked FOR EACH STATEMENT EXECUTE FUNCTION parcel_outcomes_booked();
--> statement-breakpoint
CREATE FUNCTION parcel_outcomes_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  week date := parcel_week_of(NEW.created_at);
BEGIN
  IF NEW.test THEN
    RETURN NULL;
  END IF;
  INSERT INTO parcel_outcomes (week, sender_id, outcome, parcels)
    VALUES (week, NULL, parcel_outcome_of(OLD.status), -1), (week, NULL, parcel_outcome_of(NEW.status), 1);
  IF NEW.user_id IS NOT NULL THEN
    INSERT INTO parcel_outcomes (week, sender_id, outcome, parcels)
      VALUES (week, NEW.user_id, parcel_outcome_of(OLD.status), -1), (week, NEW.user_id, parcel_outcome_of(NEW.status), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consignments_outcomes_when_moved AFTER UPDATE OF status ON consignments
  FOR EACH ROW WHEN (parcel_outcome_of(OLD.status) IS DISTINCT FROM parcel_outcome_of(NEW.status))
  EXECUTE FUNCTION parcel_outcomes_moved();
--> statement-breakpoint
CREATE FUNCTION parcel_outcomes_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_outcomes (week, sender_id, outcome, parcels)
    SELECT parcel_week_of(created_at), user_id, parcel_outcome_of(status), -count(*)
      FROM removed WHERE NOT test AND user_id IS NOT NULL GROUP BY 1, 2, 3
    UNION ALL
    SELECT parcel_week_of(created_at), NULL, parcel_outcome_of(status), -count(*) FROM removed WHERE NOT test GROUP BY 1, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consignments_outcomes_when_removed AFTER DELETE ON consignments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION parcel_outcomes_removed();
--> statement-breakpoint
CREATE FUNCTION parcel_outcomes_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM parcel_outcomes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consignments_outcomes_when_emptied AFTER TRUNCATE ON consignments
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_outcomes_emptied();
--> statement-breakpoint
-- The parcels there already, counted once.
INSERT INTO parcel_outcomes (week, sender_id, outcome, parcels)
  SELECT parcel_week_of(created_at), user_id, parcel_outcome_of(status), count(*)
    FROM consignments WHERE NOT test AND user_id IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL
  SELECT parcel_week_of(created_at), NULL, parcel_outcome_of(status), count(*) FROM consignments WHERE NOT test GROUP BY 1, 3;
