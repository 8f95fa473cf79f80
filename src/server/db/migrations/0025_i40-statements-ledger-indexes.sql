DROP INDEX "merchant_ledger_merchant_idx";--> statement-breakpoint
DROP INDEX "merchant_ledger_unsettled_idx";--> statement-breakpoint
DROP INDEX "merchants_status_idx";--> statement-breakpoint
CREATE INDEX "merchant_ledger_merchant_time_idx" ON "merchant_ledger" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "merchant_ledger_unsettled_idx" ON "merchant_ledger" USING btree ("merchant_id","created_at","amount") WHERE "merchant_ledger"."payout_id" IS NULL;--> statement-breakpoint
CREATE INDEX "merchants_status_idx" ON "merchants" USING btree ("status","applied_at","id");