-- Password-reset links (AUTH_PROVIDER=local): single use (the row is deleted when used), valid one
-- hour, only the token's SHA-256 stored (as for email_confirmations and sessions). No foreign key to
-- auth.users, as for sessions: a deleted account's rows are removed with it by the app.
create table if not exists public.password_resets (
  token_hash text primary key,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists password_resets_user_id_idx on public.password_resets (user_id);
create index if not exists password_resets_expires_at_idx on public.password_resets (expires_at);
alter table public.password_resets enable row level security;
