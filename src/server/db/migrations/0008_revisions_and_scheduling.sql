CREATE TABLE "post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refused" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text,
	"featured_image" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published" boolean NOT NULL,
	"publish_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"words" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "blog_posts_published_created_idx";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "shown_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(publish_at, created_at)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_post_saved_idx" ON "post_revisions" USING btree ("post_id","saved_at");--> statement-breakpoint
CREATE INDEX "blog_posts_published_shown_idx" ON "blog_posts" USING btree ("published","shown_at");--> statement-breakpoint
CREATE INDEX "blog_posts_publish_at_idx" ON "blog_posts" USING btree ("publish_at");--> statement-breakpoint
-- Every post saved before revisions existed starts its history with what it is now.
INSERT INTO "post_revisions" ("post_id", "saved_at", "title", "slug", "content", "excerpt", "featured_image", "tags", "published", "metadata", "words")
SELECT "id", "updated_at", "title", "slug", "content", "excerpt", "featured_image", "tags", "published", "metadata",
  coalesce(array_length(regexp_split_to_array(btrim("content", E' \t\n\r'), '\s+'), 1), 0) * (btrim("content", E' \t\n\r') <> '')::int
FROM "blog_posts";
