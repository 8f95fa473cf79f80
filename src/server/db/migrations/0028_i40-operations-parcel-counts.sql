CREATE TABLE "parcel_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcel_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"hub" text,
	"parcels" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consignment_events_failed_idx" ON "consignment_events" USING btree ("created_at","reason") WHERE "consignment_events"."status" = 'delivery_failed';--> statement-breakpoint
CREATE INDEX "consignments_on_the_way_idx" ON "consignments" USING btree ("status_changed_at") WHERE "consignments"."status" IN ('picked_up', 'at_hub', 'in_transit', 'at_delivery_hub', 'out_for_delivery', 'delivery_failed', 'returning', 'on_hold');--> statement-breakpoint
CREATE INDEX "consignments_cash_with_riders_idx" ON "consignments" USING btree ("rider_id","cod_collected") WHERE "consignments"."cod_collected" > 0 AND "consignments"."cod_handed_in_at" IS NULL;--> statement-breakpoint
-- Parcels by status and hub (R-OPERATIONS, decision 123): every booking, move and removal of a parcel
-- appends its changes to parcel_counts in its own transaction; nothing here updates a row, so moves
-- neither queue on a hot counter nor deadlock. A booking statement (5,000 rows at once) adds one row per
-- (status, hub) it filled.
CREATE FUNCTION parcel_counts_booked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (status, hub, parcels) SELECT status, hub, count(*) FROM booked GROUP BY status, hub;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consignments_counted_when_booked AFTER INSERT ON consignments
  REFERENCING NEW TABLE AS booked FOR EACH STATEMENT EXECUTE FUNCTION parcel_counts_booked();
--> statement-breakpoint
CREATE FUNCTION parcel_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (status, hub, parcels) VALUES (OLD.status, OLD.hub, -1), (NEW.status, NEW.hub, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consignments_counted_when_moved AFTER UPDATE OF status, hub ON consignments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.hub IS DISTINCT FROM NEW.hub)
  EXECUTE FUNCTION parcel_counts_moved();
--> statement-breakpoint
CREATE FUNCTION parcel_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (status, hub, parcels) SELECT status, hub, -count(*) FROM removed GROUP BY status, hub;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consignments_counted_when_removed AFTER DELETE ON consignments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION parcel_counts_removed();
--> statement-breakpoint
CREATE FUNCTION parcel_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM parcel_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consignments_counted_when_emptied AFTER TRUNCATE ON consignments
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_counts_emptied();
--> statement-breakpoint
-- The parcels there already, counted once; the triggers above hold the table's writers off until this commits.
INSERT INTO parcel_counts (status, hub, parcels) SELECT status, hub, count(*) FROM consignments GROUP BY status, hub;
