ALTER TABLE "consignments" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignments_order_idx" ON "consignments" USING btree ("order_id");