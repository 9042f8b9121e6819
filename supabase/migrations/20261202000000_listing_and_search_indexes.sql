-- The listing's default order (featured first, then newest: app/models/product-query.server.ts,
-- sort "standard", and relevance without a search text). Without it every listing page sorted the
-- whole catalogue to show 24 products; with it the page is the index's first rows.
create index if not exists products_listing_idx on public.products (featured desc, created_at desc, id);

-- A search with more matches than it counts (SEARCH_COUNT_LIMIT) ranks a window of them plus every
-- product named exactly as the query: found here instead of by reading every product's names.
create index if not exists products_search_names_idx on public.products using gin (search_names) with (fastupdate = off);

-- GIN indexes without a pending list. With fastupdate (Postgres's default) new entries wait in a
-- list that every search reads through until VACUUM merges it — and the embedded database (PGlite)
-- has no autovacuum: after 10 000 products the word list's lookups took 2.5x as long. A shop's
-- catalogue writes are few; each now goes into the index at once. The lists there are merged now.
alter index public.search_words_trgm_idx set (fastupdate = off);
alter index public.products_search_vector_idx set (fastupdate = off);
alter index public.products_search_trgm_idx set (fastupdate = off);
select gin_clean_pending_list('public.search_words_trgm_idx'::regclass);
select gin_clean_pending_list('public.products_search_vector_idx'::regclass);
select gin_clean_pending_list('public.products_search_trgm_idx'::regclass);
