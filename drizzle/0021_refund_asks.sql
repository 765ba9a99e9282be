CREATE TABLE "refund_asks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"cancelling" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_asks_amount_positive" CHECK ("refund_asks"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refund_asks" ADD CONSTRAINT "refund_asks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_asks_order_idx" ON "refund_asks" USING btree ("order_id");