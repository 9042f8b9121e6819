-- The listing's default order (featured first, then newest: app/models/product-query.server.ts,
-- sort "standard", and relevance without a search text). Without it every listing page sorted the
-- whole catalogue to show 24 products; with it the page is the index's first rows.
create index if not exists products_listing_idx on public.products (featured desc, created_at desc, id);
