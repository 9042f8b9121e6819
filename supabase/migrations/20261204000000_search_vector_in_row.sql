-- A product's search vector and folded names stay in its row (storage MAIN: compressed there if
-- need be, moved out only when the row could not fit a page otherwise).
--
-- With Postgres's default (EXTENDED), a row over about 2 kB moves its largest values to the TOAST
-- table, and the search vector is usually the largest: a product with descriptions in four
-- languages has one of 1-4 kB. A search then fetched every candidate's vector from the TOAST table
-- once for the match (@@) and again for ts_rank: a search that matches the whole bench catalogue
-- spent most of its time there (PGlite, 1 001 rows: the scan with the match 1.1 -> 0.7 ms, ts_rank
-- 0.9 -> 0.45 ms; docs/performance.md, "Search"). Descriptions and the older search_text, read only for the
-- page's 24 cards and the admin's search, go to the TOAST table first instead.
alter table public.products alter column search_vector set storage main;
alter table public.products alter column search_names set storage main;

-- The products already there: their values are written again (the same values, as new copies:
-- an unchanged value would keep its place in the TOAST table), so that they move into the row —
-- without moving their updated_at; the word list does not change.
alter table public.products disable trigger products_search_text;
update public.products set search_vector = search_vector || ''::tsvector, search_names = search_names || '{}'::text[];
alter table public.products enable trigger products_search_text;
