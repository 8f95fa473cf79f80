CREATE TABLE "payout_run_failures" (
	"day" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"error" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_run_failures_day_merchant_id_pk" PRIMARY KEY("day","merchant_id")
);
--> statement-breakpoint
DROP INDEX "payouts_merchant_idx";--> statement-breakpoint
-- Runs before issue 40 were taken before they ran: their counts may be missing, and they count as done.
UPDATE "payout_runs" SET "payouts" = 0 WHERE "payouts" IS NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ALTER COLUMN "payouts" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "payout_runs" ALTER COLUMN "payouts" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "state" text DEFAULT 'running' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "merchants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "settled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "after_merchant" uuid;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "worker" text;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "heartbeat" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payout_runs" SET "state" = 'done', "finished_at" = "started_at";--> statement-breakpoint
ALTER TABLE "payout_run_failures" ADD CONSTRAINT "payout_run_failures_day_payout_runs_day_fk" FOREIGN KEY ("day") REFERENCES "public"."payout_runs"("day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_run_failures" ADD CONSTRAINT "payout_run_failures_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_merchant_number_idx" ON "payouts" USING btree ("merchant_id","number");--> statement-breakpoint
CREATE INDEX "payouts_unpaid_idx" ON "payouts" USING btree ("number") WHERE "payouts"."paid_at" IS NULL;