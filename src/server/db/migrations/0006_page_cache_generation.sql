CREATE TABLE "page_cache_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "page_cache_generation_single_row" CHECK ("page_cache_generation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "page_cache_generation" ("id", "generation") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A post's change bumps the generation unless only its view count moved: counting readers must
-- not empty every instance's page cache (pages show counts up to a minute old).
CREATE FUNCTION "bump_page_cache_generation_for_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (to_jsonb(OLD) - 'metadata') = (to_jsonb(NEW) - 'metadata')
    AND (OLD.metadata - 'views') IS NOT DISTINCT FROM (NEW.metadata - 'views') THEN
    RETURN NULL;
  END IF;
  UPDATE "page_cache_generation" SET "generation" = "generation" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_page_cache_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "page_cache_generation" SET "generation" = "generation" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blog_posts_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "blog_posts"
  FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_generation_for_post"();
--> statement-breakpoint
CREATE TRIGGER "comments_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_generation"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_truncate_page_cache" AFTER TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_generation"();
