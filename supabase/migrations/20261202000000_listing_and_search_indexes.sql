-- The listing's default order (featured first, then newest: app/models/product-query.server.ts,
-- sort "standard", and relevance without a search text). Without it every listing page sorted the
-- whole catalogue to show 24 products; with it the page is the index's first rows.
create index if not exists products_listing_idx on public.products (featured desc, created_at desc, id);

-- A search with more matches than it counts (SEARCH_COUNT_LIMIT) ranks a window of them plus every
-- product named exactly as the query: found here instead of by reading every product's names.
create index if not exists products_search_names_idx on public.products using gin (search_names);
