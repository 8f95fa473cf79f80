CREATE TABLE "consignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_code" text NOT NULL,
	"user_id" text,
	"service" text NOT NULL,
	"zone" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"pickup_name" text NOT NULL,
	"pickup_phone" text NOT NULL,
	"pickup_address" text NOT NULL,
	"pickup_area_id" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"recipient_address" text NOT NULL,
	"recipient_area_id" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"cod_amount" integer NOT NULL,
	"declared_value" integer,
	"merchant_invoice" text,
	"note" text,
	"delivery_fee" integer NOT NULL,
	"cod_fee" integer NOT NULL,
	"total" integer NOT NULL,
	"fee_payment" text NOT NULL,
	"fee_paid_at" timestamp with time zone,
	"fee_transaction_id" text,
	"rate_card_id" integer,
	"estimated_earliest" text NOT NULL,
	"estimated_latest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consignments_tracking_code_unique" UNIQUE("tracking_code"),
	CONSTRAINT "consignments_weight_positive" CHECK ("consignments"."weight_grams" > 0),
	CONSTRAINT "consignments_total" CHECK ("consignments"."total" = "consignments"."delivery_fee" + "consignments"."cod_fee"),
	CONSTRAINT "consignments_cod_pays_fee" CHECK ("consignments"."fee_payment" <> 'cod' OR "consignments"."cod_amount" >= "consignments"."total")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card" jsonb NOT NULL,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "consignment_id" uuid;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_rate_card_id_rate_cards_id_fk" FOREIGN KEY ("rate_card_id") REFERENCES "public"."rate_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_imported_by_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignments_user_id_idx" ON "consignments" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_consignment_id_unique" UNIQUE("consignment_id");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_pay_one_thing" CHECK (("payment_intents"."order_id" IS NULL) <> ("payment_intents"."consignment_id" IS NULL));