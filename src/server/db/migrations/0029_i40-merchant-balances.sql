CREATE TABLE "merchant_balances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" uuid NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "merchant_balances_merchant_idx" ON "merchant_balances" USING btree ("merchant_id","amount");--> statement-breakpoint
CREATE INDEX "merchants_waiting_first_idx" ON "merchants" USING btree (("status" = 'pending'),"applied_at","id");
--> statement-breakpoint
-- What each merchant is owed (R-LEDGER, decision 151): every statement that books ledger lines or settles
-- them appends one row per merchant it touched; nothing here updates a row, so a rider's delivery of one
-- merchant's parcels and the payout run settling that merchant neither queue on a balance nor deadlock.
-- A line is booked unsettled (payout_id is set only by a payout, decision 118) and its one change is
-- being settled, once (merchant_ledger_append_only): a balance is the booked lines less the settled ones.
CREATE FUNCTION merchant_balances_booked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_balances (merchant_id, amount)
    SELECT merchant_id, sum(amount) FROM booked WHERE payout_id IS NULL GROUP BY merchant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER merchant_ledger_balanced_when_booked AFTER INSERT ON merchant_ledger
  REFERENCING NEW TABLE AS booked FOR EACH STATEMENT EXECUTE FUNCTION merchant_balances_booked();
--> statement-breakpoint
CREATE FUNCTION merchant_balances_settled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every row an UPDATE leaves was unsettled before it (merchant_ledger_append_only refuses any other
  -- change), so no join with the old rows: a join's plan, cached from a 3-line payout, took minutes on
  -- a 70,000-line one.
  INSERT INTO merchant_balances (merchant_id, amount)
    SELECT merchant_id, -sum(amount) FROM settled GROUP BY merchant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER merchant_ledger_balanced_when_settled AFTER UPDATE ON merchant_ledger
  REFERENCING NEW TABLE AS settled FOR EACH STATEMENT EXECUTE FUNCTION merchant_balances_settled();
--> statement-breakpoint
CREATE FUNCTION merchant_balances_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM merchant_balances;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER merchant_ledger_balanced_when_emptied AFTER TRUNCATE ON merchant_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_balances_emptied();
--> statement-breakpoint
-- What is owed already, summed once; the triggers above hold the ledger's writers off until this commits.
INSERT INTO merchant_balances (merchant_id, amount)
  SELECT merchant_id, sum(amount) FROM merchant_ledger WHERE payout_id IS NULL GROUP BY merchant_id;
