ALTER TABLE "sandbox_checkouts" DROP CONSTRAINT "sandbox_checkouts_status_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "oversold" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "oversold_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_status_valid" CHECK ("sandbox_checkouts"."status" IN ('created', 'completed', 'failed', 'cancelled'));