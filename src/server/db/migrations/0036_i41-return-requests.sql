CREATE TABLE "return_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_request_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consignment_id" uuid NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"pickup_note" text,
	"pickup_phone" text,
	"failure_reason" text,
	"charge" integer NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_charge_not_negative" CHECK ("return_requests"."charge" >= 0)
);
--> statement-breakpoint
ALTER TABLE "return_request_events" ADD CONSTRAINT "return_request_events_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_events" ADD CONSTRAINT "return_request_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_request_events_request_idx" ON "return_request_events" USING btree ("return_request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_one_open_per_parcel" ON "return_requests" USING btree ("consignment_id") WHERE "return_requests"."status" IN ('requested', 'picked_up', 'at_hub');--> statement-breakpoint
CREATE INDEX "return_requests_user_created_idx" ON "return_requests" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "return_requests_user_status_created_idx" ON "return_requests" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "return_requests_open_idx" ON "return_requests" USING btree ("created_at") WHERE "return_requests"."status" IN ('requested', 'picked_up', 'at_hub');