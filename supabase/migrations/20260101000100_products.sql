-- The catalogue. Columns are the spec's fields in snake_case; money is numeric, never float.
create table if not exists public.products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  name_ar text not null default '' check (char_length(name_ar) <= 200),
  name_fr text not null default '' check (char_length(name_fr) <= 200),
  name_de text not null default '' check (char_length(name_de) <= 200),
  description text not null default '' check (char_length(description) <= 5000),
  description_ar text not null default '' check (char_length(description_ar) <= 5000),
  description_fr text not null default '' check (char_length(description_fr) <= 5000),
  description_de text not null default '' check (char_length(description_de) <= 5000),
  price numeric(10, 2) not null default 0 check (price >= 0),
  price_eur numeric(10, 2) not null default 0 check (price_eur >= 0),
  price_chf numeric(10, 2) not null default 0 check (price_chf >= 0),
  original_price numeric(10, 2) check (original_price >= 0),
  original_price_eur numeric(10, 2) check (original_price_eur >= 0),
  original_price_chf numeric(10, 2) check (original_price_chf >= 0),
  image text not null default '',
  images text[] not null default '{}',
  additional_images text[] not null default '{}',
  video_url text,
  category text not null,
  -- The spec matches categories case-insensitively and ignoring hyphens and spaces.
  category_key text generated always as (lower(replace(replace(category, '-', ''), ' ', ''))) stored,
  in_stock boolean not null default true,
  stock integer not null default 0 check (stock >= 0),
  featured boolean not null default false,
  tags text[] not null default '{}',
  -- Everything a shopper can search for, in every language; kept by the trigger below
  -- (array_to_string is not immutable, so a generated column cannot hold it).
  search_text text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create or replace function public.products_search_text() returns trigger
language plpgsql as $$
begin
  new.search_text := lower(concat_ws(' ',
    new.name, new.name_de, new.name_fr, new.name_ar,
    new.description, new.description_de, new.description_fr, new.description_ar,
    array_to_string(new.tags, ' ')));
  new.updated_at := now();
  return new;
end;
$$;

drop trigger if exists products_search_text on public.products;
create trigger products_search_text before insert or update on public.products
  for each row execute function public.products_search_text();

create index if not exists products_created_at_idx on public.products (created_at desc, id);
create index if not exists products_category_created_idx on public.products (category_key, created_at desc, id);
create index if not exists products_featured_idx on public.products (created_at desc) where featured;
create index if not exists products_price_eur_idx on public.products (price_eur, id);
create index if not exists products_price_chf_idx on public.products (price_chf, id);
create index if not exists products_search_trgm_idx on public.products using gin (search_text gin_trgm_ops);

alter table public.products enable row level security;
