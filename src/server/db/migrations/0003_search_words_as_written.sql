-- Re-index every post as services/posts.ts (searchDocument) now does: English stems plus every
-- word as written, so that words being typed are found past the point where stemming cuts them.
UPDATE "blog_posts" SET "search" =
  setweight(to_tsvector('english'::regconfig, "title"), 'A')
  || setweight(to_tsvector('english'::regconfig, array_to_string("tags", ' ')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce("excerpt", '')), 'B')
  || setweight(to_tsvector('english'::regconfig, "content"), 'C')
  || to_tsvector('simple'::regconfig, concat_ws(' ', "title", array_to_string("tags", ' '), coalesce("excerpt", ''), "content"));
