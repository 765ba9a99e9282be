CREATE TABLE "web_vital_buckets" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "web_vital_buckets_day_page_metric_bucket_pk" PRIMARY KEY("day","page","metric","bucket"),
	CONSTRAINT "web_vital_buckets_count_not_negative" CHECK ("web_vital_buckets"."count" >= 0)
);
