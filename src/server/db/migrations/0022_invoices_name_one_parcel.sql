DROP INDEX "consignments_invoice_idx";--> statement-breakpoint
CREATE INDEX "consignments_invoice_phone_idx" ON "consignments" USING btree ("merchant_invoice","recipient_phone");--> statement-breakpoint
-- Invoice numbers booked twice before this rule (issue 39): the first parcel keeps its number, each later one
-- gets its tracking code after it, so the unique index can be made and every parcel is still found by its code.
UPDATE "consignments" AS later SET "merchant_invoice" = later."merchant_invoice" || ' (' || later."tracking_code" || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", "merchant_invoice" ORDER BY "created_at", "id") AS "place"
  FROM "consignments"
  WHERE "merchant_invoice" IS NOT NULL AND "status" <> 'cancelled'
) AS numbered
WHERE later."id" = numbered."id" AND numbered."place" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "consignments_sender_invoice_unique" ON "consignments" USING btree ("user_id","merchant_invoice") WHERE "consignments"."merchant_invoice" IS NOT NULL AND "consignments"."status" <> 'cancelled';
