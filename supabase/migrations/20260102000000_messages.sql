-- Messages that reach the shop from the contact page and the support page, for an admin inbox.
-- The inbox lists unread messages first, newest first; read_at / done_at mark its progress.

create table if not exists public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (char_length(first_name) between 1 and 100),
  last_name text not null check (char_length(last_name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  subject text not null check (char_length(subject) between 1 and 200 and subject !~ '[\r\n]'),
  message text not null check (char_length(message) between 10 and 5000),
  locale text not null default 'de' check (locale in ('de', 'en', 'fr', 'ar')),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  done_at timestamptz
);
create index if not exists contact_messages_inbox_idx
  on public.contact_messages ((read_at is not null), created_at desc);
create index if not exists contact_messages_created_at_idx on public.contact_messages (created_at desc);

create table if not exists public.support_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  -- As the customer typed it (normalised: upper-case first segment of the order id) ...
  order_number text check (order_number is null or order_number ~ '^[0-9A-F]{8}$'),
  -- ... and the order it names; kept if the order is deleted later, as a plain reference.
  order_id uuid references public.orders (id) on delete set null,
  subject text not null check (char_length(subject) between 1 and 200 and subject !~ '[\r\n]'),
  description text not null check (char_length(description) between 10 and 5000),
  locale text not null default 'de' check (locale in ('de', 'en', 'fr', 'ar')),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  done_at timestamptz
);
create index if not exists support_requests_inbox_idx
  on public.support_requests ((read_at is not null), created_at desc);
create index if not exists support_requests_created_at_idx on public.support_requests (created_at desc);
create index if not exists support_requests_order_idx on public.support_requests (order_id) where order_id is not null;

-- The order number customers see is the first dash segment of the order id, upper-cased:
-- the support form looks orders up by it.
create index if not exists orders_number_idx on public.orders (upper(split_part(id::text, '-', 1)));

alter table public.contact_messages enable row level security;
alter table public.support_requests enable row level security;
