CREATE TABLE "merchant_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"area_id" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "merchant_stores_default_in_use" CHECK (NOT ("merchant_stores"."is_default" AND "merchant_stores"."archived_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "item_description" text;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "alternative_phone" text;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "recipient_email" text;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "delivery_type" text DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "merchant_stores" ADD CONSTRAINT "merchant_stores_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_stores_merchant_idx" ON "merchant_stores" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_stores_one_default" ON "merchant_stores" USING btree ("merchant_id") WHERE "merchant_stores"."is_default" AND "merchant_stores"."archived_at" IS NULL;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_store_id_merchant_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."merchant_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignments_user_store_created_idx" ON "consignments" USING btree ("user_id","store_id","created_at","id") WHERE "consignments"."store_id" IS NOT NULL;--> statement-breakpoint
-- Each merchant's pickup addresses, as its application gave them, become its first stores (decision 152);
-- the first is the default. A merchant that applies later gets its stores when they are first read.
INSERT INTO "merchant_stores" ("merchant_id", "name", "phone", "address", "area_id", "is_default", "created_at")
SELECT m."id", a.pickup->>'name', a.pickup->>'phone', a.pickup->>'address', a.pickup->>'areaId', a.n = 1,
       m."applied_at" + (a.n * interval '1 microsecond')
FROM "merchants" m
CROSS JOIN LATERAL jsonb_array_elements(m."pickup_addresses") WITH ORDINALITY AS a(pickup, n);
