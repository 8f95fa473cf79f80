CREATE TABLE "bag_extra_parcels" (
	"bag_id" uuid NOT NULL,
	"consignment_id" uuid NOT NULL,
	"scanned_by" text,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bag_extra_parcels_pkey" PRIMARY KEY("bag_id","consignment_id")
);
--> statement-breakpoint
CREATE TABLE "bag_parcels" (
	"bag_id" uuid NOT NULL,
	"consignment_id" uuid NOT NULL,
	"carried" boolean DEFAULT true NOT NULL,
	"added_by" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "bag_parcels_pkey" PRIMARY KEY("bag_id","consignment_id")
);
--> statement-breakpoint
CREATE TABLE "bags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	CONSTRAINT "bags_code_unique" UNIQUE("code"),
	CONSTRAINT "bags_other_hub" CHECK ("bags"."origin" <> "bags"."destination")
);
--> statement-breakpoint
ALTER TABLE "bag_extra_parcels" ADD CONSTRAINT "bag_extra_parcels_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_extra_parcels" ADD CONSTRAINT "bag_extra_parcels_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_extra_parcels" ADD CONSTRAINT "bag_extra_parcels_scanned_by_user_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_parcels" ADD CONSTRAINT "bag_parcels_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_parcels" ADD CONSTRAINT "bag_parcels_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_parcels" ADD CONSTRAINT "bag_parcels_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bag_extra_parcels_scanned_idx" ON "bag_extra_parcels" USING btree ("bag_id","scanned_at","consignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bag_parcels_carried_unique" ON "bag_parcels" USING btree ("consignment_id") WHERE "bag_parcels"."carried";--> statement-breakpoint
CREATE INDEX "bag_parcels_bag_added_idx" ON "bag_parcels" USING btree ("bag_id","added_at","consignment_id");--> statement-breakpoint
CREATE INDEX "bags_created_idx" ON "bags" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bags_origin_created_idx" ON "bags" USING btree ("origin","created_at","id");--> statement-breakpoint
CREATE INDEX "bags_destination_created_idx" ON "bags" USING btree ("destination","created_at","id");