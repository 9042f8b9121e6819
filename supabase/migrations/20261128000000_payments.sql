-- Payment is its own state beside the delivery status (DECISIONS §5): unpaid → paid →
-- partially_refunded / refunded, with when it arrived and how much (a wrong amount is kept as
-- received, never rounded away), and what has been paid back by credit notes.
alter table public.orders add column if not exists payment_status text not null default 'unpaid';
alter table public.orders drop constraint if exists orders_payment_status_check;
alter table public.orders add constraint orders_payment_status_check
  check (payment_status in ('unpaid', 'paid', 'partially_refunded', 'refunded'));
alter table public.orders add column if not exists paid_at timestamptz;
alter table public.orders add column if not exists amount_received numeric(12, 2)
  check (amount_received is null or (amount_received >= 0 and amount_received < 10000000000));
alter table public.orders add column if not exists amount_refunded numeric(12, 2) not null default 0
  check (amount_refunded >= 0);
-- Where the payment was recorded from: 'admin' (by hand), 'statement' (a camt import), 'delivery' (cash on delivery).
alter table public.orders add column if not exists payment_source text
  check (payment_source is null or payment_source in ('admin', 'statement', 'delivery'));
alter table public.orders drop constraint if exists orders_paid_consistency_check;
alter table public.orders add constraint orders_paid_consistency_check
  check ((payment_status = 'unpaid') = (paid_at is null));

-- Cash-on-delivery orders already delivered were paid at the door.
update public.orders
   set payment_status = 'paid', paid_at = updated_at, amount_received = total_amount, payment_source = 'delivery'
 where payment_method = 'cash_on_delivery' and status = 'delivered' and payment_status = 'unpaid';

-- The order number (the id's first segment, upper-cased) is what a payment reference carries:
-- a statement's line finds its order through this index.
create index if not exists orders_number_idx on public.orders ((upper(split_part(id::text, '-', 1))));
-- The admin's list of orders still waiting for their money.
create index if not exists orders_unpaid_idx on public.orders (created_at desc) where payment_status = 'unpaid' and status <> 'cancelled';
-- Revenue by payment received.
create index if not exists orders_paid_at_idx on public.orders (paid_at) where paid_at is not null;
