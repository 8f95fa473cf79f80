DROP INDEX "payouts_unpaid_idx";--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD COLUMN "returns_payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_returns_payout_id_payouts_id_fk" FOREIGN KEY ("returns_payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignments_handed_in_idx" ON "consignments" USING btree ("cod_handed_in_at") WHERE "consignments"."cod_handed_in_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "merchant_ledger_payout_idx" ON "merchant_ledger" USING btree ("payout_id") WHERE "merchant_ledger"."payout_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "merchant_ledger_returns_payout_idx" ON "merchant_ledger" USING btree ("returns_payout_id") WHERE "merchant_ledger"."returns_payout_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "merchant_ledger_parcel_idx" ON "merchant_ledger" USING btree ("consignment_id","kind") WHERE "merchant_ledger"."consignment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_cutoff_number_idx" ON "payouts" USING btree ("cutoff","number");--> statement-breakpoint
CREATE INDEX "payouts_unpaid_idx" ON "payouts" USING btree ("number") WHERE "payouts"."paid_at" IS NULL AND "payouts"."failed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_or_failed" CHECK ("payouts"."paid_at" IS NULL OR "payouts"."failed_at" IS NULL);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_failed_whole" CHECK (("payouts"."failed_at" IS NULL) = ("payouts"."failure_reason" IS NULL));