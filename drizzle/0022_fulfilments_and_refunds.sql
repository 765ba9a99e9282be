CREATE TABLE "fulfilments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"tracking_number" text NOT NULL,
	"courier_shipment_id" text,
	"courier_checked_at" timestamp with time zone,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilments_status_of_method" CHECK ((method = 'paxi' AND status IN ('packed', 'at_point', 'collected')) OR (method = 'courier' AND status IN ('booked', 'with_courier', 'out_for_delivery', 'delivery_failed', 'delivered')))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"cancelling" boolean DEFAULT false NOT NULL,
	"provider_refund_id" text,
	"requested_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"webhook_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_settled" CHECK ("refunds"."status" = 'requested' OR ("refunds"."settled_at" IS NOT NULL AND "refunds"."provider_refund_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilments_order_unique" ON "fulfilments" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "fulfilments_courier_parcels_idx" ON "fulfilments" USING btree ("courier_checked_at") WHERE "fulfilments"."method" = 'courier' AND "fulfilments"."status" IN ('booked', 'with_courier', 'out_for_delivery', 'delivery_failed');
--> statement-breakpoint
CREATE INDEX "fulfilments_tracking_idx" ON "fulfilments" USING btree ("tracking_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_unique" ON "refunds" USING btree ("provider_refund_id");
--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");
--> statement-breakpoint
-- What each order is: a sent order is fulfilled until its parcel is collected or delivered.
UPDATE "orders" SET "state" = CASE
  WHEN "status" IN ('collected', 'delivered') THEN 'completed'
  WHEN "status" IN ('fulfilled', 'ready_for_collection', 'with_courier', 'out_for_delivery', 'delivery_failed') THEN 'fulfilled'
  ELSE "status" END
--> statement-breakpoint
-- Every sent order's parcel, where it was last: a cancelled order's parcel where its timeline last put it.
INSERT INTO "fulfilments" ("order_id", "method", "status", "tracking_number", "courier_shipment_id", "courier_checked_at", "sent_at", "updated_at")
SELECT o."id", m."method",
  CASE WHEN m."method" = 'courier' THEN (CASE WHEN m."step" IN ('with_courier', 'out_for_delivery', 'delivery_failed', 'delivered') THEN m."step" ELSE 'booked' END)
       ELSE (CASE m."step" WHEN 'ready_for_collection' THEN 'at_point' WHEN 'collected' THEN 'collected' ELSE 'packed' END) END,
  coalesce(o."tracking_number", ''), o."courier_shipment_id", o."courier_checked_at", coalesce(o."fulfilled_at", o."updated_at"), o."updated_at"
FROM "orders" o
CROSS JOIN LATERAL (
  SELECT CASE WHEN o."delivery_option" LIKE 'courier%' THEN 'courier' ELSE 'paxi' END AS "method",
    CASE WHEN o."status" = 'cancelled' THEN (
      SELECT e."type" FROM "order_events" e
      WHERE e."order_id" = o."id" AND e."type" IN ('fulfilled', 'ready_for_collection', 'collected', 'with_courier', 'out_for_delivery', 'delivery_failed', 'delivered')
      ORDER BY e."created_at" DESC LIMIT 1
    ) ELSE o."status" END AS "step"
) m
WHERE o."fulfilled"
--> statement-breakpoint
-- Refunds the provider confirmed keep their ids (their credit notes point at them), with the desk's reason and time of asking.
INSERT INTO "refunds" ("id", "order_id", "status", "amount_cents", "reason", "provider_refund_id", "requested_at", "settled_at", "webhook_id", "created_at")
SELECT r."id", r."order_id", 'succeeded', r."amount_cents", req."details"->>'reason', r."provider_refund_id", req."created_at", r."created_at", r."webhook_id", coalesce(req."created_at", r."created_at")
FROM "order_refunds" r
LEFT JOIN LATERAL (
  SELECT e."details", e."created_at" FROM "order_events" e
  WHERE e."order_id" = r."order_id" AND e."type" = 'refund_requested' AND e."details"->>'refundId' = r."provider_refund_id"
  ORDER BY e."created_at" LIMIT 1
) req ON true
--> statement-breakpoint
-- Refunds the desk asked for that the provider has not confirmed: still waiting, or failed.
INSERT INTO "refunds" ("order_id", "status", "amount_cents", "reason", "provider_refund_id", "requested_at", "settled_at", "created_at")
SELECT DISTINCT ON (e."details"->>'refundId') e."order_id", CASE WHEN failed."created_at" IS NULL THEN 'requested' ELSE 'failed' END,
  (e."details"->>'amountCents')::integer, e."details"->>'reason', e."details"->>'refundId', e."created_at", failed."created_at", e."created_at"
FROM "order_events" e
LEFT JOIN LATERAL (
  SELECT f."created_at" FROM "order_events" f
  WHERE f."order_id" = e."order_id" AND f."type" = 'refund_failed' AND f."details"->>'refundId' = e."details"->>'refundId'
  ORDER BY f."created_at" LIMIT 1
) failed ON true
WHERE e."type" = 'refund_requested' AND e."details"->>'refundId' IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "order_refunds" r WHERE r."provider_refund_id" = e."details"->>'refundId')
ORDER BY e."details"->>'refundId', e."created_at"
--> statement-breakpoint
-- Refunds being asked of the provider as the shop stopped.
INSERT INTO "refunds" ("order_id", "status", "amount_cents", "reason", "cancelling", "requested_at", "created_at")
SELECT "order_id", 'requested', "amount_cents", "reason", "cancelling", "created_at", "created_at" FROM "refund_asks"
--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_refund_id_order_refunds_id_fk";
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_refunds" DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "refund_asks" DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP TABLE "order_refunds" CASCADE;
--> statement-breakpoint
DROP TABLE "refund_asks" CASCADE;
--> statement-breakpoint
DROP INDEX "orders_unfulfilled_idx";
--> statement-breakpoint
DROP INDEX "orders_courier_parcels_idx";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "courier_shipment_id";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "courier_checked_at";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "fulfilled";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tracking_number";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "fulfilled_at";
--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state","created_at");
--> statement-breakpoint
CREATE VIEW "public"."placed_orders" AS (select "orders"."id", "orders"."order_number", "orders"."checkout_id", "orders"."user_id", "orders"."customer_name", "orders"."customer_email", "orders"."customer_phone", "orders"."customer_company", "orders"."customer_vat_number", "orders"."billing_address", "orders"."shipping_street", "orders"."shipping_suburb", "orders"."shipping_city", "orders"."shipping_province", "orders"."shipping_postal_code", "orders"."shipping_country", "orders"."delivery_company", "orders"."delivery_instructions", "orders"."delivery_option", "orders"."paxi_location_id", "orders"."paxi_location_name", "orders"."paxi_location_address", "orders"."courier_provider", "orders"."courier_booking_started_at", "orders"."subtotal_cents", "orders"."delivery_fee_cents", "orders"."discount_code", "orders"."discount_cents", "orders"."total_amount", "orders"."refunded_cents", "orders"."currency", "orders"."items", "orders"."payment_id", "orders"."payment_method", "orders"."payment_status", "orders"."state", "orders"."oversold", "orders"."oversold_settled_at", "orders"."created_at", "orders"."updated_at", CASE WHEN "orders"."state" IN ('fulfilled', 'completed') AND "fulfilments"."status" IS NOT NULL THEN (CASE "fulfilments"."status" WHEN 'packed' THEN 'fulfilled' WHEN 'booked' THEN 'fulfilled' WHEN 'at_point' THEN 'ready_for_collection' ELSE "fulfilments"."status" END) ELSE "orders"."state" END as "status", "fulfilments"."id" IS NOT NULL as "fulfilled", "fulfilments"."status" as "fulfilment_status", "fulfilments"."tracking_number" as "tracking_number", "fulfilments"."sent_at" as "fulfilled_at", "fulfilments"."courier_shipment_id" as "courier_shipment_id", "fulfilments"."courier_checked_at" as "courier_checked_at" from "orders" left join "fulfilments" on "fulfilments"."order_id" = "orders"."id");
