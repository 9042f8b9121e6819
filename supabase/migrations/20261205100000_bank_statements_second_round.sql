-- Bank statements, second round (DECISIONS §6).
--
-- An import runs in steps (it never holds up other requests): its row is written first, with its
-- state and progress; its credits are written in steps and stay out of every list until the import
-- is done, in the one short transaction that decides and applies them. A failed or interrupted
-- import leaves its row (state 'failed') and none of its credits.
alter table public.bank_statement_imports
  add column if not exists state text not null default 'done' check (state in ('running', 'done', 'failed')),
  -- What the import is doing ('reading' the file, 'recording' its credits, 'applying' them), and how far.
  add column if not exists phase text check (phase in ('reading', 'recording', 'applying')),
  add column if not exists progress int not null default 0 check (progress >= 0),
  add column if not exists progress_total int not null default 0 check (progress_total >= 0),
  -- Why it failed: a key of the admin's messages (backoffice.statements.errors.*), with its values.
  add column if not exists failure text check (char_length(failure) <= 200),
  add column if not exists failure_vars jsonb,
  -- The running import's last sign of life: one without for a while was interrupted (the server stopped).
  add column if not exists heartbeat_at timestamptz not null default now(),
  -- Credits the import matched to an order and marked paid (the result page's count, without counting them again).
  add column if not exists matched int not null default 0 check (matched >= 0);

update public.bank_statement_imports i
   set matched = (select count(*) from public.bank_transactions t where t.import_id = i.id and t.outcome = 'matched');

-- An import's credits in the order its result page lists them (the first 1 000 of up to 100 000, read from the index).
drop index if exists public.bank_transactions_import_idx;
create index if not exists bank_transactions_import_order_idx on public.bank_transactions (import_id, booking_date, created_at, entry_ref);

-- Credits the import did not record, one by one: booked before from another file (the same account
-- and bank reference; the earlier import named), or repeated within the file itself.
create table if not exists public.bank_statement_skipped (
  id bigint generated always as identity primary key,
  import_id uuid not null references public.bank_statement_imports (id) on delete cascade,
  reason text not null check (reason in ('importedBefore', 'repeatedInFile')),
  earlier_import_id uuid references public.bank_statement_imports (id) on delete set null,
  entry_ref text not null check (char_length(entry_ref) between 1 and 200),
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  booking_date date not null,
  reference text check (char_length(reference) <= 35),
  debtor_name text check (char_length(debtor_name) <= 140)
);
create index if not exists bank_statement_skipped_import_idx on public.bank_statement_skipped (import_id, id);
alter table public.bank_statement_skipped enable row level security;

-- Two outcomes more: the transactions of a batch entry that do not add up to the entry ('unbalanced':
-- listed for checking, applied to nothing), and a credit for an order already paid with the same
-- amount ('doublePayment': to refund, or to assign to another order).
alter table public.bank_transactions drop constraint if exists bank_transactions_outcome_check;
alter table public.bank_transactions add constraint bank_transactions_outcome_check
  check (outcome in ('matched', 'amountDiffers', 'alreadyPaid', 'doublePayment', 'cancelled', 'noOrder', 'otherCurrency', 'unbalanced'));
