CREATE TABLE "recipient_confirmations" (
	"consignment_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'asked' NOT NULL,
	"proposed_address" text,
	"proposed_phone" text,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "recipient_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "confirm_every_cod" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recipient_confirmations" ADD CONSTRAINT "recipient_confirmations_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipient_confirmations_unconfirmed_idx" ON "recipient_confirmations" USING btree ("state") WHERE "recipient_confirmations"."state" <> 'confirmed' and "recipient_confirmations"."closed_at" is null;