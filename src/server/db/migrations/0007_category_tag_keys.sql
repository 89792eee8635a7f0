ALTER TABLE "blog_posts" ADD COLUMN "tag_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The posts saved before this migration get the keys services/posts.ts writes on every save. Set
-- by rewriting the table (the cast through text lower-cases each element and keeps its quoting),
-- not by UPDATE: that would leave a dead copy of every post, which the embedded database (it has
-- no autovacuum) would keep, and read on every view of the blog.
ALTER TABLE "blog_posts" ALTER COLUMN "tag_keys" SET DATA TYPE text[] USING lower("tags"::text)::text[];--> statement-breakpoint
CREATE INDEX "blog_posts_tag_keys_idx" ON "blog_posts" USING gin ("tag_keys");
