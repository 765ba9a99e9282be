ALTER TABLE "products" ADD COLUMN "weight_grams" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "folded_length_cm" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "folded_width_cm" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "folded_height_cm" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_sensible" CHECK ("products"."weight_grams" BETWEEN 1 AND 30000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_folded_size_sensible" CHECK ("products"."folded_length_cm" BETWEEN 1 AND 150 AND "products"."folded_width_cm" BETWEEN 1 AND 150 AND "products"."folded_height_cm" BETWEEN 1 AND 150);