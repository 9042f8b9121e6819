-- The withdrawal function (§ 356a BGB): every declared withdrawal, as it was received, with the
-- e-mails it causes (the shopper's receipt, the shop's notice) queued in the same transaction.
create table if not exists public.withdrawals (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- The signed-in customer who declared it (null: a guest, identified by order number and e-mail).
  user_id uuid,
  whole_order boolean not null default false,
  -- [{item_id, product_name, quantity}]: what is withdrawn (for the whole order: every line in full).
  lines jsonb not null default '[]'::jsonb,
  reason text not null default '' check (char_length(reason) <= 1000),
  -- Declared more than 14 days after delivery: accepted and stored all the same, marked for the admin.
  late boolean not null default false,
  -- One withdrawal per form, however often it is sent (the form's key, as checkout's).
  idempotency_key text not null unique check (char_length(idempotency_key) between 8 and 100),
  created_at timestamptz not null default now()
);
create index if not exists withdrawals_created_at_idx on public.withdrawals (created_at desc);
create index if not exists withdrawals_order_idx on public.withdrawals (order_id);
alter table public.withdrawals enable row level security;

alter table public.email_outbox drop constraint if exists email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('registration', 'order_confirmation', 'order_status', 'password_reset', 'newsletter_confirmation', 'newsletter', 'account_exists',
    'withdrawal_receipt', 'withdrawal_notice'));
