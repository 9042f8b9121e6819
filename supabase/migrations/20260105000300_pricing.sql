-- Prices that tell the truth (issue 14, DECISIONS 4): a reduced price is a sale price on the
-- product (per currency, like the regular prices), kept with its history for § 11 PAngV; offers
-- show their product's own price and have texts per language; order lines keep their VAT rate;
-- every order has an invoice number.

-- 1. Sale prices. The old "original price" was a crossed-out price nobody checked: where it was
--    above the price, it becomes the regular price and the price the sale price (the shopper pays
--    what they paid before), and the column goes.
alter table public.products
  add column if not exists sale_price numeric(10, 2) check (sale_price >= 0),
  add column if not exists sale_price_eur numeric(10, 2) check (sale_price_eur >= 0),
  add column if not exists sale_price_chf numeric(10, 2) check (sale_price_chf >= 0);

update public.products set sale_price = price, price = original_price
 where original_price is not null and original_price > price;
update public.products set sale_price_eur = price_eur, price_eur = original_price_eur
 where original_price_eur is not null and original_price_eur > price_eur;
update public.products set sale_price_chf = price_chf, price_chf = original_price_chf
 where original_price_chf is not null and original_price_chf > price_chf;

alter table public.products
  drop column if exists original_price,
  drop column if exists original_price_eur,
  drop column if exists original_price_chf;

-- A sale price is a reduction: below the regular price.
alter table public.products
  add constraint products_sale_price_below check (sale_price is null or sale_price < price),
  add constraint products_sale_price_eur_below check (sale_price_eur is null or sale_price_eur < price_eur),
  add constraint products_sale_price_chf_below check (sale_price_chf is null or sale_price_chf < price_chf);

-- What a shopper pays, per currency (listing filters and sorts on it).
create index if not exists products_effective_eur_idx on public.products ((coalesce(sale_price_eur, price_eur)), id);
create index if not exists products_effective_chf_idx on public.products ((coalesce(sale_price_chf, price_chf)), id);

-- 2. Price history per currency: one row per change of a product's price or sale price in that
--    currency, written by the trigger below in the transaction that changes it (every write path:
--    admin form, import, seed). A row holds the prices in force from valid_from until the next row.
create table if not exists public.product_price_history (
  id bigint generated always as identity primary key,
  product_id uuid not null references public.products (id) on delete cascade,
  currency text not null check (currency in ('EUR', 'CHF')),
  price numeric(10, 2) not null check (price >= 0),
  sale_price numeric(10, 2) check (sale_price >= 0),
  valid_from timestamptz not null default now()
);
create index if not exists product_price_history_idx on public.product_price_history (product_id, currency, valid_from);
alter table public.product_price_history enable row level security;

create or replace function public.products_price_history() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' or (new.price_eur, new.sale_price_eur) is distinct from (old.price_eur, old.sale_price_eur) then
    insert into public.product_price_history (product_id, currency, price, sale_price)
    values (new.id, 'EUR', new.price_eur, new.sale_price_eur);
  end if;
  if tg_op = 'INSERT' or (new.price_chf, new.sale_price_chf) is distinct from (old.price_chf, old.sale_price_chf) then
    insert into public.product_price_history (product_id, currency, price, sale_price)
    values (new.id, 'CHF', new.price_chf, new.sale_price_chf);
  end if;
  return null;
end;
$$;

drop trigger if exists products_price_history on public.products;
create trigger products_price_history after insert or update on public.products
  for each row execute function public.products_price_history();

-- Products that exist already: their prices as known now, from when the product was created
-- (nothing older is known, so no reduction of theirs has a 30-day reference yet).
insert into public.product_price_history (product_id, currency, price, sale_price, valid_from)
select id, 'EUR', price_eur, sale_price_eur, created_at from public.products
union all
select id, 'CHF', price_chf, sale_price_chf, created_at from public.products;

-- 3. Offers: the product's price, never one of their own; texts per language (title, subtitle
--    and time_left are the German texts and the fallback).
alter table public.offers
  drop column if exists original_price,
  drop column if exists sale_price,
  drop column if exists discount,
  add column if not exists title_en text not null default '' check (char_length(title_en) <= 200),
  add column if not exists title_fr text not null default '' check (char_length(title_fr) <= 200),
  add column if not exists title_ar text not null default '' check (char_length(title_ar) <= 200),
  add column if not exists subtitle_en text not null default '' check (char_length(subtitle_en) <= 500),
  add column if not exists subtitle_fr text not null default '' check (char_length(subtitle_fr) <= 500),
  add column if not exists subtitle_ar text not null default '' check (char_length(subtitle_ar) <= 500),
  add column if not exists time_left_en text not null default '' check (char_length(time_left_en) <= 100),
  add column if not exists time_left_fr text not null default '' check (char_length(time_left_fr) <= 100),
  add column if not exists time_left_ar text not null default '' check (char_length(time_left_ar) <= 100);

-- 4. VAT: the rate (percent) of each order line, fixed when the order is placed. Orders placed
--    before: the rate of their shipping country (Switzerland 8.1 %, else Germany's 19 %).
alter table public.order_items add column if not exists vat_rate numeric(5, 2) check (vat_rate >= 0 and vat_rate < 100);
update public.order_items i
   set vat_rate = case when o.shipping_address ->> 'country' = 'CH' then 8.1 else 19 end
  from public.orders o
 where o.id = i.order_id and i.vat_rate is null;
alter table public.order_items alter column vat_rate set not null;

-- 5. Invoice numbers: consecutive, one per order, given when the order row is written.
create sequence if not exists public.orders_invoice_number_seq;
alter table public.orders add column if not exists invoice_number bigint;
update public.orders o set invoice_number = numbered.n
  from (select id, row_number() over (order by created_at, id) as n from public.orders) numbered
 where numbered.id = o.id and o.invoice_number is null;
select setval('public.orders_invoice_number_seq', greatest((select max(invoice_number) from public.orders), 0) + 1, false);
alter table public.orders alter column invoice_number set default nextval('public.orders_invoice_number_seq');
alter table public.orders alter column invoice_number set not null;
create unique index if not exists orders_invoice_number_idx on public.orders (invoice_number);
