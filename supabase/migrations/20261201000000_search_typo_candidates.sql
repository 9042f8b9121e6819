-- The catalogue words within typo distance of a query word (app/models/product-search.server.ts):
-- trigram similarity from 0.2, a lower bound than pg_trgm's default 0.3 (the edit distance
-- decides afterwards), set for this function's own run. A search's word lookups are then one
-- statement, without a transaction around them for `set local` (three round trips fewer, and on
-- the embedded database no transaction lock held between them).
create or replace function public.search_typo_candidates(probe text)
returns table (word text, display text, distance real)
language sql stable
set pg_trgm.similarity_threshold = 0.2
as $$
  select w.word, w.display, w.word <-> probe
    from public.search_words w
   where w.word % probe
   order by w.word <-> probe
   limit 30
$$;
