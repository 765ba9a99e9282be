CREATE TABLE "proofs_of_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proofs_of_payment_type_known" CHECK ("proofs_of_payment"."content_type" IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "proofs_of_payment_size_in_range" CHECK ("proofs_of_payment"."byte_size" BETWEEN 1 AND 5242880)
);
--> statement-breakpoint
ALTER TABLE "proofs_of_payment" ADD CONSTRAINT "proofs_of_payment_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs_of_payment" ADD CONSTRAINT "proofs_of_payment_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proofs_of_payment_order_idx" ON "proofs_of_payment" USING btree ("order_id","uploaded_at");