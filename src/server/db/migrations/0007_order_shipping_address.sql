ALTER TABLE "order_events" ALTER COLUMN "at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_address_whole" CHECK (("orders"."shipping_name" IS NULL) = ("orders"."shipping_address" IS NULL) AND ("orders"."shipping_address" IS NULL) = ("orders"."shipping_phone" IS NULL));