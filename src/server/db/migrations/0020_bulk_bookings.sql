CREATE TABLE "bulk_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"parcels" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "bulk_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_bookings" ADD CONSTRAINT "bulk_bookings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_bookings_merchant_idx" ON "bulk_bookings" USING btree ("merchant_id","created_at");--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_bulk_booking_id_bulk_bookings_id_fk" FOREIGN KEY ("bulk_booking_id") REFERENCES "public"."bulk_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignments_bulk_idx" ON "consignments" USING btree ("bulk_booking_id");