-- Searches read a narrow table of their own (docs/decisions/017): one row per post with what
-- readers' lists filter and order by, and the full-text document kept out of line, so that
-- counting a common word's matches reads a few hundred kilobytes rather than every matching post.
CREATE TABLE "post_search" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"published" boolean NOT NULL,
	"publish_at" timestamp with time zone,
	"shown_at" timestamp with time zone NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
-- Any row over 128 bytes has its document compressed and moved to the TOAST table.
ALTER TABLE "post_search" SET (toast_tuple_target = 128);--> statement-breakpoint
ALTER TABLE "post_search" ADD CONSTRAINT "post_search_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The document as services/posts wrote it until now (migration 0003's expression): English stems
-- weighted A (title, tags), B (excerpt), C (body), and every word as written.
CREATE FUNCTION "write_post_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.title IS NOT DISTINCT FROM OLD.title AND NEW.tags IS NOT DISTINCT FROM OLD.tags
      AND NEW.excerpt IS NOT DISTINCT FROM OLD.excerpt AND NEW.content IS NOT DISTINCT FROM OLD.content THEN
    -- Only a date or the published flag moved: the document stays.
    UPDATE "post_search" SET "published" = NEW.published, "publish_at" = NEW.publish_at, "shown_at" = NEW.shown_at
      WHERE "post_id" = NEW.id;
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "post_search" ("post_id", "published", "publish_at", "shown_at", "search")
  VALUES (NEW.id, NEW.published, NEW.publish_at, NEW.shown_at,
    setweight(to_tsvector('english'::regconfig, NEW.title), 'A')
    || setweight(to_tsvector('english'::regconfig, array_to_string(NEW.tags, ' ')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(NEW.excerpt, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, NEW.content), 'C')
    || to_tsvector('simple'::regconfig, concat_ws(' ', NEW.title, array_to_string(NEW.tags, ' '), coalesce(NEW.excerpt, ''), NEW.content)))
  ON CONFLICT ("post_id") DO UPDATE SET "published" = EXCLUDED.published, "publish_at" = EXCLUDED.publish_at,
    "shown_at" = EXCLUDED.shown_at, "search" = EXCLUDED.search;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_post_search" AFTER INSERT OR UPDATE OF "title", "tags", "excerpt", "content", "published", "publish_at", "created_at"
  ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION "write_post_search"();--> statement-breakpoint
-- The posts there are: their documents as stored, not computed again.
INSERT INTO "post_search" ("post_id", "published", "publish_at", "shown_at", "search")
  SELECT "id", "published", "publish_at", "shown_at", "search" FROM "blog_posts";--> statement-breakpoint
CREATE INDEX "post_search_search_idx" ON "post_search" USING gin ("search");--> statement-breakpoint
DROP INDEX "blog_posts_search_idx";--> statement-breakpoint
ALTER TABLE "blog_posts" DROP COLUMN "search";
