-- Search that understands German and Swiss spelling (DECISIONS 5): full text search with each
-- language's own stemmer, unaccent and pg_trgm, the same on Postgres 15+ and PGlite.
--
--   products.search_vector  every name, tag, category name and description, folded (lower case,
--                           accents and Arabic diacritics removed, ß as ss), stemmed with the
--                           language's dictionary and also kept unstemmed ('simple'); words with
--                           ä/ö/ü also as ae/oe/ue. Weights: A names, B tags and category, D descriptions.
--   products.search_names   the folded names, punctuation as spaces (exact name matches rank first).
--   search_words            every word of the catalogue, folded, with a trigram index: typos,
--                           parts of compound words and "Meinten Sie …?" are looked up there.
-- Triggers keep all three current in the product write's own transaction.
create extension if not exists unaccent;
create extension if not exists pg_trgm;

-- Lower case, Arabic diacritics (tashkeel) and tatweel removed; the rest of a word as typed.
create or replace function public.search_strip_marks(value text) returns text
language sql immutable parallel safe
as $$ select regexp_replace(lower(coalesce(value, '')), '[\u064B-\u065F\u0670\u0640]', '', 'g') $$;

-- The form a query word and a catalogue word are compared in: lower case, no accents, ß as ss.
-- (unaccent is only stable because its rules file could change; the shop never changes it.)
create or replace function public.search_fold(value text) returns text
language sql immutable parallel safe
set search_path = public, extensions, pg_catalog
as $$ select unaccent('unaccent', public.search_strip_marks(value)) $$;

-- ä, ö, ü as ae, oe, ue (how they are typed without a German keyboard).
create or replace function public.search_translit(value text) returns text
language sql immutable parallel safe
as $$ select replace(replace(replace(replace(lower(coalesce(value, '')), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss') $$;

-- One field as a document: stemmed with its language's dictionary and unstemmed, in both spellings.
create or replace function public.search_document(config regconfig, value text) returns tsvector
language sql immutable parallel safe
as $$
  select to_tsvector(config, f) || to_tsvector('simple', f)
  from (select public.search_fold(concat_ws(' ', value,
    (select string_agg(public.search_translit(m[1]), ' ') from regexp_matches(value, '([^[:space:]]*[äöüÄÖÜ][^[:space:]]*)', 'g') m)
  )) as f) folded
$$;

-- The words of a text for the catalogue's word list: the folded word and how it is written.
create or replace function public.search_words_in(value text) returns table (word text, display text)
language sql immutable parallel safe
as $$
  select distinct on (w.word) w.word, w.display
  from (
    select public.search_fold(l.lexeme) as word, l.lexeme as display
      from unnest(to_tsvector('simple', public.search_strip_marks(value))) l
    union all
    select public.search_fold(public.search_translit(l.lexeme)), l.lexeme
      from unnest(to_tsvector('simple', public.search_strip_marks(value))) l
     where l.lexeme ~ '[äöü]'
  ) w
  -- Words only: no numbers, nothing with punctuation inside (the parser keeps "e-mail", "4.000").
  where char_length(w.word) between 2 and 60 and w.word !~ '^[0-9]+$' and w.word !~ '[-./@_:,+]'
  order by w.word, w.display
$$;

-- The categories' names in every language (the list is fixed in the app: app/data/categories.ts;
-- tests/integration/search-index.test.ts checks that both say the same).
create table if not exists public.search_category_names (
  category_key text primary key,
  name_de text not null,
  name_en text not null,
  name_fr text not null,
  name_ar text not null
);
alter table public.search_category_names enable row level security;
insert into public.search_category_names (category_key, name_de, name_en, name_fr, name_ar) values
  ('officegifts', 'Bürogeschenke', 'Office Gifts', 'Cadeaux de bureau', 'هدايا المكتب'),
  ('productivitywork', 'Produktivität & Arbeit', 'Productivity & Work', 'Productivité & travail', 'الإنتاجية والعمل'),
  ('luxurycomfort', 'Luxus & Komfort', 'Luxury & Comfort', 'Luxe & confort', 'الفخامة والراحة'),
  ('coffeetea', 'Kaffee & Tee', 'Coffee & Tea', 'Café & thé', 'القهوة والشاي'),
  ('decorwalls', 'Deko & Wände', 'Decor & Walls', 'Déco & murs', 'الديكور والجدران'),
  ('homeoffice', 'Homeoffice', 'Home Office', 'Bureau à domicile', 'المكتب المنزلي'),
  ('audioambiance', 'Audio & Ambiente', 'Audio & Ambiance', 'Audio & ambiance', 'الصوت والأجواء'),
  ('officeplants', 'Büropflanzen', 'Office Plants', 'Plantes de bureau', 'نباتات المكتب'),
  ('sustainablesupplies', 'Nachhaltiger Bürobedarf', 'Sustainable Supplies', 'Fournitures durables', 'مستلزمات مستدامة'),
  ('storageorganization', 'Aufbewahrung & Organisation', 'Storage & Organization', 'Rangement & organisation', 'التخزين والتنظيم'),
  ('kidsteens', 'Kinder & Jugendliche', 'Kids & Teens', 'Enfants & ados', 'الأطفال والمراهقون'),
  ('seasonalgifts', 'Saisonales & Geschenke', 'Seasonal & Gifts', 'Saisonnier & cadeaux', 'المواسم والهدايا'),
  ('budgetdeals', 'Schnäppchen', 'Budget Deals', 'Bonnes affaires', 'عروض اقتصادية')
on conflict (category_key) do nothing;

create table if not exists public.search_words (
  word text primary key check (char_length(word) between 2 and 60),
  display text not null
);
alter table public.search_words enable row level security;
create index if not exists search_words_trgm_idx on public.search_words using gin (word gin_trgm_ops);

alter table public.products add column if not exists search_vector tsvector not null default ''::tsvector;
alter table public.products add column if not exists search_names text[] not null default '{}';

-- Everything a product is found by, as one document (the generated category_key is not yet
-- computed in a BEFORE trigger, so the key is derived from the category here).
create or replace function public.product_search_vector(p public.products) returns tsvector
language sql stable
as $$
  select
    setweight(
      public.search_document('english', p.name) || public.search_document('german', p.name_de)
        || public.search_document('french', p.name_fr) || public.search_document('arabic', p.name_ar), 'A')
    || setweight(
      public.search_document('german', array_to_string(p.tags, ' ')) || public.search_document('english', array_to_string(p.tags, ' '))
        || coalesce((select public.search_document('german', c.name_de) || public.search_document('english', c.name_en)
                       || public.search_document('french', c.name_fr) || public.search_document('arabic', c.name_ar)
                     from public.search_category_names c
                     where c.category_key = lower(replace(replace(p.category, '-', ''), ' ', ''))), ''::tsvector), 'B')
    || setweight(
      public.search_document('english', p.description) || public.search_document('german', p.description_de)
        || public.search_document('french', p.description_fr) || public.search_document('arabic', p.description_ar), 'D')
$$;

create or replace function public.product_search_names(p public.products) returns text[]
language sql immutable
as $$
  select coalesce(array_agg(distinct trim(regexp_replace(public.search_fold(n), '[[:space:][:punct:]×–—„“”‚‘’«»·…]+', ' ', 'g'))), '{}')
  from unnest(array[p.name, p.name_de, p.name_fr, p.name_ar]) n
  where coalesce(n, '') <> ''
$$;

-- The words of a product for search_words.
create or replace function public.product_search_words(p public.products) returns table (word text, display text)
language sql stable
as $$
  select * from public.search_words_in(concat_ws(' ', p.name, p.name_de, p.name_fr, p.name_ar,
    array_to_string(p.tags, ' '), p.description, p.description_de, p.description_fr, p.description_ar,
    (select concat_ws(' ', c.name_de, c.name_en, c.name_fr, c.name_ar) from public.search_category_names c
      where c.category_key = lower(replace(replace(p.category, '-', ''), ' ', '')))))
$$;

create or replace function public.products_search_vector() returns trigger
language plpgsql as $$
begin
  new.search_vector := public.product_search_vector(new);
  new.search_names := public.product_search_names(new);
  return new;
end;
$$;

drop trigger if exists products_search_vector on public.products;
create trigger products_search_vector
  before insert or update of name, name_de, name_fr, name_ar, description, description_de, description_fr, description_ar, tags, category
  on public.products for each row execute function public.products_search_vector();

-- New words go into the word list in the same statement (a bulk insert tokenises once per statement).
create or replace function public.products_search_words_inserted() returns trigger
language plpgsql as $$
begin
  insert into public.search_words (word, display)
  select distinct on (w.word) w.word, w.display from new_rows p cross join lateral public.product_search_words(p) w
  order by w.word, w.display
  on conflict (word) do nothing;
  return null;
end;
$$;

create or replace function public.products_search_words_updated() returns trigger
language plpgsql as $$
begin
  insert into public.search_words (word, display)
  select w.word, w.display from public.product_search_words(new) w
  on conflict (word) do nothing;
  return null;
end;
$$;

drop trigger if exists products_search_words_inserted on public.products;
create trigger products_search_words_inserted after insert on public.products
  referencing new table as new_rows for each statement execute function public.products_search_words_inserted();
drop trigger if exists products_search_words_updated on public.products;
create trigger products_search_words_updated after update on public.products
  for each row when (old.search_vector is distinct from new.search_vector)
  execute function public.products_search_words_updated();

-- The products already there (without moving their updated_at).
alter table public.products disable trigger products_search_text;
update public.products p set search_vector = public.product_search_vector(p), search_names = public.product_search_names(p);
alter table public.products enable trigger products_search_text;

create index if not exists products_search_vector_idx on public.products using gin (search_vector);
