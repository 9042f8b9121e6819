-- A search's word lookup (app/models/product-search.server.ts) as one function with a kept plan.
-- For each query word: the catalogue word itself, the words within typo distance (trigram
-- similarity from 0.2, below pg_trgm's default 0.3: the edit distance decides afterwards) and the
-- words that contain it (parts of compound words), each list best first.
--
-- Sent as a statement, the lookup was planned anew for every search: 0.35 ms of planning against
-- 0.2 ms of work on the embedded database. PL/pgSQL keeps the plan of its statement for the
-- connection; the generic plan is forced because the planner, costing every custom plan below the
-- generic one, would otherwise plan each call again. Its shape does not depend on the words: each
-- branch reads through an index (the primary key, the trigram index for `%` and for `like`).
-- The settings hold for the function's own run only. It replaces search_typo_candidates, which
-- stays for a server of the previous version still answering while a new one starts.
create or replace function public.search_word_matches(probes text[], fuzzy int[])
returns table (probe text, words text[], displays text[])
language plpgsql stable
set search_path = public, extensions, pg_catalog
set pg_trgm.similarity_threshold = 0.2
set plan_cache_mode = force_generic_plan
as $$
begin
  return query
  select p.t,
         coalesce(c.words, '{}'::text[]),
         coalesce(c.displays, '{}'::text[])
    from unnest(probes, fuzzy) as p(t, f)
    left join lateral (
      select array_agg(w.word order by w.rank, w.distance, w.word) as words,
             array_agg(w.display order by w.rank, w.distance, w.word) as displays
        from (
          select sw.word, sw.display, 0 as rank, 0::real as distance
            from public.search_words sw
           where sw.word = p.t
          union
          (select sw.word, sw.display, 1, sw.word <-> p.t
             from public.search_words sw
            where p.f = 1 and char_length(p.t) >= 3 and sw.word % p.t
            order by sw.word <-> p.t
            limit 30)
          union
          (select sw.word, sw.display, 2, char_length(sw.word)::real
             from public.search_words sw
            where char_length(p.t) >= 4 and sw.word like '%' || p.t || '%'
            order by char_length(sw.word), sw.word
            limit 30)
        ) w
    ) c on true;
end
$$;
