DROP INDEX "consignments_user_id_idx";--> statement-breakpoint
DROP INDEX "pickups_day_idx";--> statement-breakpoint
CREATE INDEX "consignments_created_idx" ON "consignments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "consignments_status_created_idx" ON "consignments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "consignments_hub_created_idx" ON "consignments" USING btree ("hub","created_at","id");--> statement-breakpoint
CREATE INDEX "consignments_area_created_idx" ON "consignments" USING btree ("recipient_area_id","created_at","id");--> statement-breakpoint
CREATE INDEX "consignments_recipient_phone_idx" ON "consignments" USING btree ("recipient_phone");--> statement-breakpoint
CREATE INDEX "consignments_user_id_idx" ON "consignments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pickups_day_idx" ON "pickups" USING btree ("day","area_id","window","created_at","id");