-- Issue 40, decision 0129: status events and ledger lines partitioned by month of created_at (UTC months),
-- carrying every existing row. Each table gets a DEFAULT partition as a safety net (a row of a month
-- nobody made a partition for still lands), and history_month_partitions() makes the months: here for
-- every month the data holds plus two ahead, then daily from the app (history-partitions.ts).
-- Identity columns on partitioned tables need PostgreSQL 17; production runs 15, so ids come from a sequence.

-- The partition maker. One path for every month: the default partition is detached (its cloned triggers go
-- with it, so the ledger's append-only guard does not refuse the move), the month's rows that fell into it
-- move to a new table, the new table and the default are attached again. A lock keeps two instances apart.
CREATE FUNCTION "history_month_partitions"(first_month date, last_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  parent text;
  month date;
  partition text;
  made integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(727040);
  FOREACH parent IN ARRAY ARRAY['consignment_events', 'merchant_ledger'] LOOP
    month := date_trunc('month', first_month)::date;
    WHILE month <= last_month LOOP
      partition := parent || '_' || to_char(month, 'YYYY_MM');
      IF to_regclass(format('%I', partition)) IS NULL THEN
        EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', parent, parent || '_default');
        EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', partition, parent);
        EXECUTE format(
          'WITH moved AS (DELETE FROM %I WHERE created_at >= %L AND created_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
          parent || '_default', month::text || ' 00:00+00', (month + interval '1 month')::date::text || ' 00:00+00', partition);
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
          parent, partition, month::text || ' 00:00+00', (month + interval '1 month')::date::text || ' 00:00+00');
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I DEFAULT', parent, parent || '_default');
        made := made + 1;
      END IF;
      month := (month + interval '1 month')::date;
    END LOOP;
  END LOOP;
  RETURN made;
END
$$;--> statement-breakpoint

-- consignment_events
ALTER TABLE "consignment_events" RENAME TO "consignment_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "consignment_events_unpartitioned" DROP CONSTRAINT "consignment_events_pkey";--> statement-breakpoint
DROP INDEX "consignment_events_consignment_idx";--> statement-breakpoint
ALTER TABLE "consignment_events_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "consignment_events" (
	"id" bigserial NOT NULL,
	"consignment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"hub" text,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "consignment_events_default" PARTITION OF "consignment_events" DEFAULT;--> statement-breakpoint

-- merchant_ledger
ALTER TABLE "merchant_ledger" RENAME TO "merchant_ledger_unpartitioned";--> statement-breakpoint
ALTER TABLE "merchant_ledger_unpartitioned" DROP CONSTRAINT "merchant_ledger_pkey";--> statement-breakpoint
DROP INDEX "merchant_ledger_merchant_idx";--> statement-breakpoint
DROP INDEX "merchant_ledger_unsettled_idx";--> statement-breakpoint
DROP INDEX "merchant_ledger_once_per_parcel";--> statement-breakpoint
ALTER TABLE "merchant_ledger_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "merchant_ledger" (
	"id" bigserial NOT NULL,
	"merchant_id" uuid NOT NULL,
	"consignment_id" uuid,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payout_id" uuid,
	CONSTRAINT "merchant_ledger_parcel_named" CHECK ("merchant_ledger"."kind" = 'correction' OR "merchant_ledger"."consignment_id" IS NOT NULL)
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "merchant_ledger_default" PARTITION OF "merchant_ledger" DEFAULT;--> statement-breakpoint

-- The months the data holds, and two ahead; then the rows, then the keys and indexes over them.
SELECT "history_month_partitions"(
  least(
    (SELECT min("created_at") FROM "consignment_events_unpartitioned"),
    (SELECT min("created_at") FROM "merchant_ledger_unpartitioned"),
    now()
  )::date,
  (now() + interval '2 months')::date
);--> statement-breakpoint
INSERT INTO "consignment_events" SELECT "id", "consignment_id", "status", "reason", "hub", "actor_id", "note", "created_at" FROM "consignment_events_unpartitioned";--> statement-breakpoint
INSERT INTO "merchant_ledger" SELECT "id", "merchant_id", "consignment_id", "kind", "amount", "note", "created_at", "payout_id" FROM "merchant_ledger_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('consignment_events', 'id'), coalesce((SELECT max("id") FROM "consignment_events"), 0) + 1, false);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('merchant_ledger', 'id'), coalesce((SELECT max("id") FROM "merchant_ledger"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "consignment_events_unpartitioned";--> statement-breakpoint
DROP TABLE "merchant_ledger_unpartitioned";--> statement-breakpoint

ALTER TABLE "consignment_events" ADD CONSTRAINT "consignment_events_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
ALTER TABLE "consignment_events" ADD CONSTRAINT "consignment_events_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_events" ADD CONSTRAINT "consignment_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignment_events_consignment_idx" ON "consignment_events" USING btree ("consignment_id","id");--> statement-breakpoint

ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_ledger_merchant_idx" ON "merchant_ledger" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "merchant_ledger_unsettled_idx" ON "merchant_ledger" USING btree ("merchant_id","created_at") WHERE "merchant_ledger"."payout_id" IS NULL;--> statement-breakpoint
CREATE TRIGGER "merchant_ledger_append_only" BEFORE UPDATE OR DELETE ON "merchant_ledger"
  FOR EACH ROW EXECUTE FUNCTION "merchant_ledger_append_only"();--> statement-breakpoint

-- R-LEDGER's once-per-parcel rule, which a partitioned unique index cannot hold across months: every
-- non-correction line's (parcel, kind) is written to one unpartitioned key by the insert's own trigger,
-- so a second credit fails in its statement with the same constraint name as before.
CREATE TABLE "merchant_ledger_parcel_charges" (
	"consignment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "merchant_ledger_once_per_parcel" PRIMARY KEY("consignment_id","kind")
);--> statement-breakpoint
INSERT INTO "merchant_ledger_parcel_charges" SELECT "consignment_id", "kind" FROM "merchant_ledger" WHERE "kind" <> 'correction';--> statement-breakpoint
CREATE FUNCTION "merchant_ledger_charge_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind <> 'correction' THEN
    INSERT INTO merchant_ledger_parcel_charges (consignment_id, kind) VALUES (NEW.consignment_id, NEW.kind);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "merchant_ledger_charge_once" BEFORE INSERT ON "merchant_ledger"
  FOR EACH ROW EXECUTE FUNCTION "merchant_ledger_charge_once"();
