-- E-mails the shop sends (registration, order confirmation, newsletter), written in the same
-- transaction as what causes them and sent afterwards by a background worker over SMTP (SMTP_URL).
-- Nothing is lost when a server stops: a queued row stays queued, and a row stuck in 'sending'
-- (the process died while sending) goes back to 'queued' once its lease (next_attempt_at) is over.

create table if not exists public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  -- One address; never a line break (header injection), refused here as a last line of defence.
  to_address text not null check (char_length(to_address) between 3 and 254 and to_address !~ '[\r\n]'),
  subject text not null check (char_length(subject) between 1 and 300 and subject !~ '[\r\n]'),
  text_body text not null check (char_length(text_body) <= 200000),
  html_body text check (html_body is null or char_length(html_body) <= 400000),
  kind text not null check (kind in ('registration', 'order_confirmation', 'newsletter_confirmation', 'newsletter')),
  locale text not null default 'de' check (locale in ('de', 'en', 'fr', 'ar')),
  -- Newsletter e-mails: the one-click unsubscribe address for the List-Unsubscribe header.
  unsubscribe_url text check (unsubscribe_url is null or unsubscribe_url !~ '[\r\n]'),
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  -- queued: not before this time (backoff); sending: the claim's lease ends at this time.
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index if not exists email_outbox_status_next_idx on public.email_outbox (status, next_attempt_at);
create index if not exists email_outbox_created_at_idx on public.email_outbox (created_at desc);

alter table public.email_outbox enable row level security;
