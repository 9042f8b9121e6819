-- Server-side sessions: the __session cookie carries a random token (signed with SESSION_SECRET);
-- this table keeps its SHA-256, so sign-out, a password change or an account deletion can revoke
-- it, and a copy of the database holds no usable session. A session ends 30 days after sign-in.
-- No foreign key to auth.users: with AUTH_PROVIDER=supabase on a database of its own, the users
-- live in Supabase, not here (as for profiles).
create table if not exists public.sessions (
  id text primary key,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- AUTH_PROVIDER=supabase: its access and refresh tokens, kept here instead of in the cookie.
  provider_tokens jsonb
);
create index if not exists sessions_user_id_idx on public.sessions (user_id);
-- Expired rows are removed a small batch at a time, oldest first.
create index if not exists sessions_expires_at_idx on public.sessions (expires_at);
alter table public.sessions enable row level security;

-- Confirmation links of local sign-ups: single use (the row is deleted when used), expiring, the
-- token stored as its SHA-256 only. Opening the link's page and pressing its button sets
-- auth.users.email_confirmed_at.
create table if not exists public.email_confirmations (
  token_hash text primary key,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists email_confirmations_user_id_idx on public.email_confirmations (user_id);
create index if not exists email_confirmations_expires_at_idx on public.email_confirmations (expires_at);
alter table public.email_confirmations enable row level security;

-- Rate-limit counters whose window is long over are removed in small batches, oldest first.
create index if not exists rate_limits_window_start_idx on public.rate_limits (window_start);
