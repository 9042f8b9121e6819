-- Newsletter subscriptions with double opt-in: a subscription is 'pending' until the link of the
-- confirmation e-mail is followed. The confirmation token is stored hashed (SHA-256) and expires;
-- the unsubscribe token goes into every newsletter e-mail, so it is kept as issued.

create table if not exists public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 254 and email !~ '[\r\n]'),
  locale text not null default 'de' check (locale in ('de', 'en', 'fr', 'ar')),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  confirm_token text,
  confirm_expires_at timestamptz,
  unsubscribe_token text not null,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
create unique index if not exists newsletter_subscribers_email_idx on public.newsletter_subscribers (lower(email));
create unique index if not exists newsletter_subscribers_confirm_idx
  on public.newsletter_subscribers (confirm_token) where confirm_token is not null;
create unique index if not exists newsletter_subscribers_unsubscribe_idx on public.newsletter_subscribers (unsubscribe_token);
create index if not exists newsletter_subscribers_status_idx on public.newsletter_subscribers (status);

alter table public.newsletter_subscribers enable row level security;
