CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"delivered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "rider_id" text;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "delivery_code_hash" text;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "delivery_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "delivery_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "cod_collected" integer;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "delivery_note" text;--> statement-breakpoint
CREATE INDEX "sms_outbox_waiting_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "sms_outbox_created_at_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_rider_id_user_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignments_rider_idx" ON "consignments" USING btree ("rider_id","status");