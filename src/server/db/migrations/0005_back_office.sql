CREATE TABLE "post_daily_views" (
	"post_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_daily_views_post_id_day_pk" PRIMARY KEY("post_id","day")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_daily_views" ADD CONSTRAINT "post_daily_views_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_daily_views_day_idx" ON "post_daily_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "comments_status_created_idx" ON "comments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_status_check" CHECK ("comments"."status" in ('published', 'held', 'spam'));--> statement-breakpoint
-- Readers counted today (the only day whose hashes are still kept) start the daily counts.
INSERT INTO "post_daily_views" ("post_id", "day", "views") SELECT "post_id", "day", count(*)::integer FROM "post_views" GROUP BY "post_id", "day";
