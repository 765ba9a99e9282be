CREATE TABLE "document_serials" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"serial" text NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid,
	"refund_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "tax_documents_amounts" CHECK ("tax_documents"."total_cents" >= 0 AND "tax_documents"."vat_cents" >= 0 AND "tax_documents"."vat_cents" <= "tax_documents"."total_cents"),
	CONSTRAINT "tax_documents_credit_has_invoice" CHECK ("tax_documents"."kind" = 'invoice' OR "tax_documents"."invoice_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_serial_unique" ON "tax_documents" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_kind_number_unique" ON "tax_documents" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_per_order" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_unique" ON "tax_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "document_serials" ADD CONSTRAINT "document_serials_kind_known" CHECK ("document_serials"."kind" IN ('invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_kind_known" CHECK ("tax_documents"."kind" IN ('invoice', 'credit_note'));--> statement-breakpoint
INSERT INTO "document_serials" ("kind", "last_number") VALUES ('invoice', 0), ('credit_note', 0);--> statement-breakpoint
-- An issued document is a tax record (kept five years, VAT Act s55): it is never changed or deleted.
CREATE FUNCTION "tax_documents_issued_stay_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Tax document % is issued and cannot be changed or deleted', OLD.serial;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_immutable" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_issued_stay_issued"();
