ALTER TABLE "consignments" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "handover_photo" text;