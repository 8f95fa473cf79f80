CREATE TABLE "bulk_column_choices" (
	"merchant_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"columns" jsonb NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_column_choices_merchant_id_signature_pk" PRIMARY KEY("merchant_id","signature")
);
--> statement-breakpoint
ALTER TABLE "bulk_column_choices" ADD CONSTRAINT "bulk_column_choices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;