CREATE TABLE "discount_code_uses" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"code_id" uuid NOT NULL,
	"user_id" text,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_uses_amount_positive" CHECK ("discount_code_uses"."discount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_cents" integer,
	"minimum_spend_cents" integer DEFAULT 0 NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"total_uses" integer,
	"uses_per_customer" integer DEFAULT 1 NOT NULL,
	"includes_delivery" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_amount" CHECK (("discount_codes"."kind" = 'percent' AND "discount_codes"."percent" BETWEEN 1 AND 100 AND "discount_codes"."amount_cents" IS NULL) OR ("discount_codes"."kind" = 'amount' AND "discount_codes"."amount_cents" > 0 AND "discount_codes"."percent" IS NULL)),
	CONSTRAINT "discount_codes_limits_positive" CHECK ("discount_codes"."minimum_spend_cents" >= 0 AND ("discount_codes"."total_uses" IS NULL OR "discount_codes"."total_uses" >= 1) AND "discount_codes"."uses_per_customer" >= 1),
	CONSTRAINT "discount_codes_days_in_order" CHECK ("discount_codes"."starts_on" IS NULL OR "discount_codes"."ends_on" IS NULL OR "discount_codes"."ends_on" >= "discount_codes"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_code_uses_code_user" ON "discount_code_uses" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_unique" ON "discount_codes" USING btree ("code");