DROP INDEX "consignments_sender_invoice_unique";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "consignments_sender_invoice_unique" ON "consignments" USING btree ("user_id","merchant_invoice","test") WHERE "consignments"."merchant_invoice" IS NOT NULL AND "consignments"."status" <> 'cancelled';--> statement-breakpoint
-- The sandbox's parcels are no parcels on the network (R-SANDBOX, decision 155): Operations never counts them.
CREATE OR REPLACE FUNCTION parcel_counts_booked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (status, hub, parcels) SELECT status, hub, count(*) FROM booked WHERE NOT test GROUP BY status, hub;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parcel_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.test THEN
    INSERT INTO parcel_counts (status, hub, parcels) VALUES (OLD.status, OLD.hub, -1), (NEW.status, NEW.hub, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parcel_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (status, hub, parcels) SELECT status, hub, -count(*) FROM removed WHERE NOT test GROUP BY status, hub;
  RETURN NULL;
END $$;
