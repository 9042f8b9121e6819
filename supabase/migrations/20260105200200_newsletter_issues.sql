-- Newsletter issues an admin writes in /admin/newsletter: subject and text per language, sent to
-- every confirmed subscriber through the outbox. The form's idempotency key is unique, so a double
-- click (or a resent form) sends one issue once. Each newsletter e-mail names its issue, so the
-- admin sees per issue how many are queued, sent and failed.
create table if not exists public.newsletter_issues (
  id uuid primary key default gen_random_uuid(),
  idempotency_key text not null unique check (char_length(idempotency_key) between 8 and 100),
  -- {"de": {"subject": "...", "body": "..."}, "en": {...}, ...}; German always present.
  content jsonb not null,
  recipients integer not null default 0 check (recipients >= 0),
  created_by uuid,
  created_at timestamptz not null default now()
);
create index if not exists newsletter_issues_created_at_idx on public.newsletter_issues (created_at desc);
alter table public.newsletter_issues enable row level security;

alter table public.email_outbox add column if not exists newsletter_issue_id uuid
  references public.newsletter_issues (id) on delete set null;
create index if not exists email_outbox_newsletter_issue_idx on public.email_outbox (newsletter_issue_id)
  where newsletter_issue_id is not null;
