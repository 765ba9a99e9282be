CREATE TABLE "web_vital_page_loads" (
	"page_load" text NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"page" text NOT NULL,
	"bucket" smallint NOT NULL,
	CONSTRAINT "web_vital_page_loads_page_load_metric_pk" PRIMARY KEY("page_load","metric")
);
--> statement-breakpoint
CREATE INDEX "web_vital_page_loads_day_idx" ON "web_vital_page_loads" USING btree ("day");