CREATE TABLE "uploaded_image_variants" (
	"image_id" uuid NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_image_variants_pk" PRIMARY KEY("image_id","format","width"),
	CONSTRAINT "uploaded_image_variants_format_known" CHECK ("uploaded_image_variants"."format" IN ('avif', 'webp')),
	CONSTRAINT "uploaded_image_variants_size_positive" CHECK ("uploaded_image_variants"."width" > 0 AND "uploaded_image_variants"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "uploaded_image_variants" ADD CONSTRAINT "uploaded_image_variants_image_id_uploaded_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploaded_images"("id") ON DELETE cascade ON UPDATE no action;