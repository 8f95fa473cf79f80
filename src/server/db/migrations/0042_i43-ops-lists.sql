CREATE TABLE "cash_handins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rider_id" text,
	"taken_by" text,
	"parcels" integer NOT NULL,
	"collected" integer NOT NULL,
	"counted" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_handins_amounts" CHECK ("cash_handins"."parcels" > 0 AND "cash_handins"."collected" >= 0 AND "cash_handins"."counted" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "rider_id" text;--> statement-breakpoint
ALTER TABLE "cash_handins" ADD CONSTRAINT "cash_handins_rider_id_user_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handins" ADD CONSTRAINT "cash_handins_taken_by_user_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_handins_rider_idx" ON "cash_handins" USING btree ("rider_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_handins_taken_by_idx" ON "cash_handins" USING btree ("taken_by");--> statement-breakpoint
CREATE INDEX "cash_handins_differing_idx" ON "cash_handins" USING btree ("created_at") WHERE "cash_handins"."counted" <> "cash_handins"."collected";--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_rider_id_user_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree (lower("recipient"),"created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_kind_idx" ON "mail_outbox" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "pickups_rider_idx" ON "pickups" USING btree ("rider_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_kind_idx" ON "sms_outbox" USING btree ("kind","created_at","id");