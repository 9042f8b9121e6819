-- Local accounts (AUTH_PROVIDER=local) live in a table shaped like Supabase's auth.users, so a shop
-- can move to Supabase Auth keeping its users. Where the database already has an auth schema
-- (a Supabase project), nothing is created here.
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'auth') then
    create schema auth;
    create table auth.users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      encrypted_password text not null,
      raw_user_meta_data jsonb not null default '{}'::jsonb,
      email_confirmed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_email_lower_idx on auth.users (lower(email));
  end if;
end
$$;
