ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_total_adds_up";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paxi_location_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paxi_location_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paxi_location_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_suburb" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_instructions" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_shipment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "suburb" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_discount_in_range" CHECK ("checkouts"."discount_cents" BETWEEN 0 AND "checkouts"."subtotal_cents" + "checkouts"."delivery_fee_cents");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_total_adds_up" CHECK ("checkouts"."total_cents" = "checkouts"."subtotal_cents" + "checkouts"."delivery_fee_cents" - "checkouts"."discount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_amount" = "orders"."subtotal_cents" + "orders"."delivery_fee_cents" - "orders"."discount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_somewhere" CHECK (("orders"."delivery_option" LIKE 'paxi%' AND "orders"."paxi_location_id" IS NOT NULL) OR ("orders"."delivery_option" LIKE 'courier%' AND "orders"."shipping_street" IS NOT NULL AND "orders"."courier_provider" IS NOT NULL));