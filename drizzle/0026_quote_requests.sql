CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('quote_number_seq') NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"organisation" text,
	"vat_number" text,
	"delivery_area" text NOT NULL,
	"needed_by" date,
	"notes" text,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" jsonb,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_status_valid" CHECK ("quote_requests"."status" IN ('open', 'answered', 'closed')),
	CONSTRAINT "quote_requests_answered_has_answer" CHECK ("quote_requests"."status" <> 'answered' OR "quote_requests"."answer" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quote_requests_number_unique" ON "quote_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "quote_requests_status_created" ON "quote_requests" USING btree ("status","created_at");