-- Documents of an order (DECISIONS §5): gap-free numbers per range, taken from a counter row in
-- the transaction that issues the document (rolled back with it, so a failed checkout leaves no
-- gap), instead of a sequence (nextval is never rolled back).
--   RE  invoice (orders.invoice_number), ST  cancellation invoice, GS  credit note.
create table if not exists public.document_counters (
  kind text primary key check (kind in ('RE', 'ST', 'GS')),
  last_number bigint not null default 0 check (last_number >= 0)
);
alter table public.document_counters enable row level security;

insert into public.document_counters (kind, last_number)
select 'RE', coalesce(max(invoice_number), 0) from public.orders
on conflict (kind) do update set last_number = greatest(public.document_counters.last_number, excluded.last_number);
insert into public.document_counters (kind, last_number) values ('ST', 0), ('GS', 0) on conflict (kind) do nothing;

-- The next number of a range: the counter row is updated (and so locked) until the caller's
-- transaction ends; a rollback gives the number back.
create or replace function public.next_document_number(p_kind text) returns bigint
language sql volatile as $$
  update public.document_counters set last_number = last_number + 1 where kind = p_kind returning last_number
$$;
-- Only the shop takes numbers (on Supabase the API roles could otherwise call it and burn some; with
-- RLS on document_counters they would update nothing, but nobody else needs it at all).
revoke all on function public.next_document_number(text) from public;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on function public.next_document_number(text) from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on function public.next_document_number(text) from authenticated;
  end if;
end $$;

-- Every order row takes its invoice number from the counter (the checkout takes it explicitly; rows
-- written elsewhere, e.g. the demo seed, through the default). The old sequence goes.
alter table public.orders alter column invoice_number set default public.next_document_number('RE');
drop sequence if exists public.orders_invoice_number_seq;

-- Cancellation invoices (ST, one per order, naming the invoice RE-… it cancels) and credit notes
-- (GS, some lines or an amount paid back). Amounts are negative, as on the printed document.
create table if not exists public.order_documents (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('ST', 'GS')),
  number bigint not null check (number > 0),
  -- The invoice number (RE) the document corrects.
  refers_to bigint not null,
  -- [{itemId, name, quantity, unitPrice, total, vatRate}]: the lines it covers (total negative, cents;
  -- vatRate in basis points). A credit note of an amount has none.
  lines jsonb not null default '[]'::jsonb,
  -- [{rate, gross, net, vat}] by VAT rate, negative cents.
  amounts jsonb not null default '[]'::jsonb,
  total numeric(12, 2) not null check (total < 0),
  currency text not null check (currency in ('EUR', 'CHF')),
  created_at timestamptz not null default now(),
  unique (kind, number)
);
create index if not exists order_documents_order_idx on public.order_documents (order_id, created_at);
-- One cancellation invoice per order.
create unique index if not exists order_documents_one_cancellation_idx on public.order_documents (order_id) where kind = 'ST';
alter table public.order_documents enable row level security;

-- Unpaid bank transfers: the reminder is claimed (set) in the transaction that queues its e-mail,
-- so one process sends it, once.
alter table public.orders add column if not exists payment_reminder_sent_at timestamptz;
create index if not exists orders_unpaid_transfer_idx on public.orders (created_at)
  where payment_status = 'unpaid' and payment_method = 'bank_transfer' and status <> 'cancelled';

alter table public.email_outbox drop constraint if exists email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('registration', 'order_confirmation', 'order_status', 'password_reset', 'newsletter_confirmation', 'newsletter', 'account_exists',
    'withdrawal_receipt', 'withdrawal_notice', 'payment_reminder', 'payment_expired'));
