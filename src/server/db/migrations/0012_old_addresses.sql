-- Where imported posts lived on the sites they came from (services/old-addresses): a request for
-- one of these paths answers 301 to the post.
CREATE TABLE "old_addresses" (
	"path" text PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "old_addresses" ADD CONSTRAINT "old_addresses_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "old_addresses_post_idx" ON "old_addresses" USING btree ("post_id");--> statement-breakpoint
-- A page kept for one of these paths (a 404 before the import) must go when they change.
CREATE TRIGGER "old_addresses_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "old_addresses"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_generation"();
