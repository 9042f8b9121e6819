-- Bank statements (DECISIONS §5): every camt.053 / camt.054 file imported on /admin/payments, and
-- every credit read from one, with what the import found for it. A file is known by the hash of its
-- bytes and a credit by its account and the bank's reference of it: importing a file again, or a
-- notification and then the statement that holds the same booking, changes nothing.
create table if not exists public.bank_statement_imports (
  id uuid primary key default gen_random_uuid(),
  file_hash text not null unique check (file_hash ~ '^[0-9a-f]{64}$'),
  file_name text not null default '' check (char_length(file_name) <= 255),
  -- 'camt.053' or 'camt.054', and the namespace's version ('001.02').
  kind text not null check (kind in ('camt.053', 'camt.054')),
  version text not null check (char_length(version) <= 10),
  message_id text check (char_length(message_id) <= 140),
  -- Entries in the file (credits and debits), credits read, credits skipped as imported before.
  entries int not null check (entries >= 0),
  credits int not null check (credits >= 0),
  duplicates int not null default 0 check (duplicates >= 0),
  imported_by uuid,
  imported_at timestamptz not null default now()
);
alter table public.bank_statement_imports enable row level security;

create table if not exists public.bank_transactions (
  id uuid primary key default gen_random_uuid(),
  import_id uuid not null references public.bank_statement_imports (id) on delete cascade,
  -- The statement's account (IBAN) and the entry's unique reference (the bank's, else a hash).
  account text not null default '' check (char_length(account) <= 70),
  entry_ref text not null check (char_length(entry_ref) between 1 and 200),
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  booking_date date not null,
  value_date date,
  reference text check (char_length(reference) <= 35),
  remittance text check (char_length(remittance) <= 1000),
  debtor_name text check (char_length(debtor_name) <= 140),
  -- What the import found: matched (and marked paid), or why not.
  outcome text not null check (outcome in ('matched', 'amountDiffers', 'alreadyPaid', 'cancelled', 'noOrder', 'otherCurrency')),
  -- The order the reference names (or the admin assigned it to).
  order_id uuid references public.orders (id) on delete set null,
  -- When the credit was booked to an order as its payment (by the import, or by the admin by hand).
  applied_at timestamptz,
  applied_by uuid,
  -- The admin's "not an order payment": off the list of open credits.
  dismissed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (account, entry_ref)
);
create index if not exists bank_transactions_import_idx on public.bank_transactions (import_id);
-- The admin's list of credits still to be assigned.
create index if not exists bank_transactions_open_idx on public.bank_transactions (booking_date desc, created_at desc)
  where applied_at is null and dismissed_at is null;
alter table public.bank_transactions enable row level security;
