-- Accounts, carts, favourites, orders, offers and the counters behind rate limits.
-- No foreign key to auth.users: with AUTH_PROVIDER=supabase the users live in another database.

create table if not exists public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique,
  first_name text not null default '',
  last_name text not null default '',
  email text not null default '',
  phone text not null default '',
  country text not null default 'DE',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists profiles_email_idx on public.profiles (lower(email));

create table if not exists public.user_roles (
  user_id uuid not null,
  role text not null check (role in ('admin')),
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);

create table if not exists public.cart_items (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  quantity integer not null check (quantity > 0),
  session_id text,
  user_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (session_id is not null or user_id is not null)
);
create unique index if not exists cart_items_user_product_idx on public.cart_items (user_id, product_id) where user_id is not null;
create unique index if not exists cart_items_session_product_idx on public.cart_items (session_id, product_id) where user_id is null;
create index if not exists cart_items_session_idx on public.cart_items (session_id) where user_id is null;

create table if not exists public.favorites (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  session_id text,
  user_id uuid,
  created_at timestamptz not null default now(),
  check (session_id is not null or user_id is not null)
);
create unique index if not exists favorites_user_product_idx on public.favorites (user_id, product_id) where user_id is not null;
create unique index if not exists favorites_session_product_idx on public.favorites (session_id, product_id) where user_id is null;

create table if not exists public.orders (
  id uuid primary key default gen_random_uuid(),
  customer_name text not null,
  customer_email text not null,
  customer_phone text not null default '',
  total_amount numeric(12, 2) not null check (total_amount >= 0),
  currency text not null check (currency in ('EUR', 'CHF')),
  status text not null default 'pending'
    check (status in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')),
  shipping_address jsonb not null,
  billing_address jsonb not null,
  payment_method text not null check (payment_method in ('cash_on_delivery', 'bank_transfer')),
  user_id uuid,
  -- The browser session that placed the order may see its confirmation page.
  session_id text,
  -- One order per checkout form, however often it is submitted.
  idempotency_key text unique,
  locale text not null default 'de',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists orders_created_at_idx on public.orders (created_at desc);
create index if not exists orders_user_idx on public.orders (user_id) where user_id is not null;

create table if not exists public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid references public.products (id) on delete set null,
  product_name text not null,
  quantity integer not null check (quantity > 0),
  unit_price numeric(10, 2) not null check (unit_price >= 0),
  total_price numeric(12, 2) not null check (total_price >= 0),
  currency text not null check (currency in ('EUR', 'CHF'))
);
create index if not exists order_items_order_idx on public.order_items (order_id);
create index if not exists order_items_product_idx on public.order_items (product_id);

create table if not exists public.offer_section (
  id integer primary key default 1 check (id = 1),
  -- Null means: show the translated default title / subtitle.
  title text,
  subtitle text,
  updated_at timestamptz not null default now()
);
insert into public.offer_section (id) values (1) on conflict (id) do nothing;

create table if not exists public.offers (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  subtitle text not null default '' check (char_length(subtitle) <= 500),
  image text not null default '',
  original_price numeric(10, 2) not null default 0 check (original_price >= 0),
  sale_price numeric(10, 2) not null default 0 check (sale_price >= 0),
  discount integer not null default 0 check (discount between 0 and 100),
  time_left text not null default '' check (char_length(time_left) <= 100),
  featured boolean not null default false,
  product_id uuid references public.products (id) on delete set null,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index if not exists offers_position_idx on public.offers (position, created_at);

-- Fixed-window counters for rate limits (login attempts, forms), shared by every server process.
create table if not exists public.rate_limits (
  key text primary key,
  count integer not null default 0,
  window_start timestamptz not null default now()
);

alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;
alter table public.cart_items enable row level security;
alter table public.favorites enable row level security;
alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.offer_section enable row level security;
alter table public.offers enable row level security;
alter table public.rate_limits enable row level security;
