-- Order numbers from a sequence (DECISIONS §6, issue 32). Until now an order's number was the first
-- eight hex digits of its uuid: with tens of thousands of orders two share one (and so an RF / QR
-- payment reference). The number is now stored: existing orders keep the one they have (it is on
-- their invoices, e-mails and transfers), new orders draw theirs from public.order_number_seq.
-- Eight characters of the upper-case hex alphabet, as before: the RF reference, the Swiss QR
-- reference and the statement matcher keep their format.

alter table public.orders add column if not exists order_number text;

-- Existing orders keep the number they were shown with.
update public.orders set order_number = upper(split_part(id::text, '-', 1)) where order_number is null;

-- Eight decimal digits, from 00000001: a hex-alphabet string, so references keep working.
create sequence if not exists public.order_number_seq as bigint minvalue 1 maxvalue 99999999 no cycle;

-- The next free order number. An old (random) number can look like a sequence value ("00412345"):
-- such values are skipped, so a number drawn here is unique by construction — each value of the
-- sequence is handed out once, whatever the concurrency, and none equals an existing order's.
-- The unique constraint below stays the last guard.
create or replace function public.next_order_number() returns text
language plpgsql volatile as $$
declare
  candidate text;
begin
  loop
    candidate := lpad(nextval('public.order_number_seq')::text, 8, '0');
    exit when not exists (select 1 from public.orders where order_number = candidate);
  end loop;
  return candidate;
end
$$;

-- Two existing orders sharing a number (their ids began alike): the older keeps it, the others get
-- a new one from the sequence.
with ranked as (
  select id, row_number() over (partition by order_number order by created_at, id) as rank
    from public.orders
)
update public.orders o set order_number = null from ranked r where r.id = o.id and r.rank > 1;
update public.orders set order_number = public.next_order_number() where order_number is null;

alter table public.orders alter column order_number set default public.next_order_number();
alter table public.orders alter column order_number set not null;

do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'orders_order_number_key') then
    alter table public.orders add constraint orders_order_number_key unique (order_number);
  end if;
  if not exists (select 1 from pg_constraint where conname = 'orders_order_number_format') then
    alter table public.orders add constraint orders_order_number_format check (order_number ~ '^[0-9A-F]{8}$');
  end if;
end
$$;

-- Orders are found by their stored number (the unique constraint's index), never by their id's prefix.
drop index if exists public.orders_number_idx;
