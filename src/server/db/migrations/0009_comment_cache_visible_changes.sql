-- A comment empties the page cache only when readers can see the change: a published comment
-- written, removed or edited, or a comment moving into or out of `published`. Held and spam
-- comments (a bot's honeypot hits among them) change no page. Statement triggers with
-- transition tables: a restore inserting many rows at once bumps the number once per statement.
DROP TRIGGER IF EXISTS "comments_page_cache" ON "comments";
--> statement-breakpoint
CREATE FUNCTION "bump_page_cache_generation_for_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  visible boolean;
BEGIN
  -- Each branch names only the transition tables its event has (a statement is planned when run).
  IF TG_OP = 'INSERT' THEN
    visible := EXISTS (SELECT 1 FROM new_rows WHERE status = 'published');
  ELSIF TG_OP = 'DELETE' THEN
    visible := EXISTS (SELECT 1 FROM old_rows WHERE status = 'published');
  ELSE
    visible := EXISTS (
      SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'published' OR n.status = 'published') AND to_jsonb(o) IS DISTINCT FROM to_jsonb(n));
  END IF;
  IF visible THEN
    UPDATE "page_cache_generation" SET "generation" = "generation" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_insert_page_cache" AFTER INSERT ON "comments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_generation_for_comments"();
--> statement-breakpoint
CREATE TRIGGER "comments_update_page_cache" AFTER UPDATE ON "comments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_generation_for_comments"();
--> statement-breakpoint
CREATE TRIGGER "comments_delete_page_cache" AFTER DELETE ON "comments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_generation_for_comments"();
--> statement-breakpoint
CREATE TRIGGER "comments_truncate_page_cache" AFTER TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_generation"();
