CREATE TABLE "reminder_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP VIEW "public"."placed_orders";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "remind_me" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reminder" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_as_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_email" text;--> statement-breakpoint
CREATE INDEX "checkouts_cart_session_idx" ON "checkouts" USING btree ("cart_session_id");--> statement-breakpoint
CREATE INDEX "checkouts_reminders_due_idx" ON "checkouts" USING btree ("created_at") WHERE "checkouts"."remind_me" AND "checkouts"."reminder" IS NULL;--> statement-breakpoint
CREATE INDEX "discount_code_uses_code_guest" ON "discount_code_uses" USING btree ("code_id","guest_email");--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree ("guest_email") WHERE "orders"."guest_email" IS NOT NULL;--> statement-breakpoint
CREATE VIEW "public"."placed_orders" AS (select "orders"."id", "orders"."order_number", "orders"."checkout_id", "orders"."user_id", "orders"."placed_as_guest", "orders"."guest_email", "orders"."customer_name", "orders"."customer_email", "orders"."customer_phone", "orders"."customer_company", "orders"."customer_vat_number", "orders"."billing_address", "orders"."shipping_street", "orders"."shipping_suburb", "orders"."shipping_city", "orders"."shipping_province", "orders"."shipping_postal_code", "orders"."shipping_country", "orders"."delivery_company", "orders"."delivery_instructions", "orders"."delivery_option", "orders"."paxi_location_id", "orders"."paxi_location_name", "orders"."paxi_location_address", "orders"."courier_provider", "orders"."courier_booking_started_at", "orders"."subtotal_cents", "orders"."delivery_fee_cents", "orders"."discount_code", "orders"."discount_cents", "orders"."total_amount", "orders"."refunded_cents", "orders"."currency", "orders"."items", "orders"."payment_id", "orders"."payment_method", "orders"."payment_due_on", "orders"."payment_status", "orders"."state", "orders"."oversold", "orders"."oversold_settled_at", "orders"."created_at", "orders"."updated_at", CASE WHEN "orders"."state" IN ('fulfilled', 'completed') AND "fulfilments"."status" IS NOT NULL THEN (CASE "fulfilments"."status" WHEN 'packed' THEN 'fulfilled' WHEN 'booked' THEN 'fulfilled' WHEN 'at_point' THEN 'ready_for_collection' ELSE "fulfilments"."status" END) ELSE "orders"."state" END as "status", "fulfilments"."id" IS NOT NULL as "fulfilled", "fulfilments"."status" as "fulfilment_status", "fulfilments"."tracking_number" as "tracking_number", "fulfilments"."sent_at" as "fulfilled_at", "fulfilments"."courier_shipment_id" as "courier_shipment_id", "fulfilments"."courier_checked_at" as "courier_checked_at" from "orders" left join "fulfilments" on "fulfilments"."order_id" = "orders"."id");