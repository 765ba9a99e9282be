CREATE TABLE "product_sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"material" text,
	"sku" text NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer,
	"stock_quantity" integer,
	"weight_grams" integer DEFAULT 200 NOT NULL,
	"folded_length_cm" integer DEFAULT 30 NOT NULL,
	"folded_width_cm" integer DEFAULT 20 NOT NULL,
	"folded_height_cm" integer DEFAULT 2 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sizes_weight_sensible" CHECK ("product_sizes"."weight_grams" BETWEEN 1 AND 30000),
	CONSTRAINT "product_sizes_folded_size_sensible" CHECK ("product_sizes"."folded_length_cm" BETWEEN 1 AND 150 AND "product_sizes"."folded_width_cm" BETWEEN 1 AND 150 AND "product_sizes"."folded_height_cm" BETWEEN 1 AND 150),
	CONSTRAINT "product_sizes_price_positive" CHECK ("product_sizes"."price_cents" > 0),
	CONSTRAINT "product_sizes_sale_price_positive" CHECK ("product_sizes"."sale_price_cents" IS NULL OR "product_sizes"."sale_price_cents" > 0),
	CONSTRAINT "product_sizes_stock_not_negative" CHECK ("product_sizes"."stock_quantity" IS NULL OR "product_sizes"."stock_quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_weight_sensible";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_folded_size_sensible";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_price_positive";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_sale_price_positive";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_not_negative";--> statement-breakpoint
DROP INDEX "cart_items_session_product_unique";--> statement-breakpoint
INSERT INTO "product_sizes" ("product_id", "code", "label", "sku", "price_cents", "sale_price_cents", "stock_quantity", "weight_grams", "folded_length_cm", "folded_width_cm", "folded_height_cm", "position", "created_at", "updated_at")
SELECT "id", '150x90', '150 × 90 cm', upper("slug") || '-150X90', "price_cents", "sale_price_cents", "stock_quantity", "weight_grams", "folded_length_cm", "folded_width_cm", "folded_height_cm", 0, "created_at", "updated_at" FROM "products";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "size_id" uuid;--> statement-breakpoint
UPDATE "cart_items" SET "size_id" = (SELECT "id" FROM "product_sizes" WHERE "product_sizes"."product_id" = "cart_items"."product_id");--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "size_id" SET NOT NULL;--> statement-breakpoint
UPDATE "checkouts" SET "snapshot" = jsonb_set(
  "snapshot",
  '{heldStock}',
  coalesce((
    SELECT jsonb_agg(e.held || jsonb_build_object('sizeId', s."id") ORDER BY e.n)
    FROM jsonb_array_elements("snapshot"->'heldStock') WITH ORDINALITY AS e(held, n)
    JOIN "product_sizes" s ON s."product_id"::text = e.held->>'productId'
  ), '[]'::jsonb)
) WHERE "snapshot" ? 'heldStock';--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_code_unique" ON "product_sizes" USING btree ("product_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_sku_unique" ON "product_sizes" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_sizes_product_idx" ON "product_sizes" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_size_id_product_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."product_sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_session_size_unique" ON "cart_items" USING btree ("session_id","size_id");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "price_cents";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "sale_price_cents";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock_quantity";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "weight_grams";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "folded_length_cm";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "folded_width_cm";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "folded_height_cm";