CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'ZAR' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_id" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refunds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"failure_url" text NOT NULL,
	"external_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkouts_status_valid" CHECK ("sandbox_checkouts"."status" IN ('created', 'completed', 'failed')),
	CONSTRAINT "sandbox_checkouts_refunds_in_range" CHECK ("sandbox_checkouts"."refunded_cents" BETWEEN 0 AND "sandbox_checkouts"."amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_idempotency_unique" ON "sandbox_checkouts" USING btree ("idempotency_key");