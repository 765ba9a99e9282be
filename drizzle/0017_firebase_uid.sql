ALTER TABLE "users" ADD COLUMN "firebase_uid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_firebase_uid_unique" ON "users" USING btree ("firebase_uid");