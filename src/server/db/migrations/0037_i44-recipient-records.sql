CREATE TABLE "hidden_recipient_records" (
	"phone" text PRIMARY KEY NOT NULL,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_record_lookups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipient_record_lookups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hidden_recipient_records" ADD CONSTRAINT "hidden_recipient_records_hidden_by_user_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_record_lookups" ADD CONSTRAINT "recipient_record_lookups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipient_record_lookups_phone_idx" ON "recipient_record_lookups" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "recipient_record_lookups_merchant_idx" ON "recipient_record_lookups" USING btree ("merchant_id","created_at");