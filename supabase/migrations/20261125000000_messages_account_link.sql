-- A message belongs to an account only when the account sent it: the signed-in sender's id is kept
-- with the message. The data export and every other view "by account" reads this link (or an address
-- the account has confirmed), never an e-mail address someone merely typed.
alter table public.contact_messages add column if not exists user_id uuid;
alter table public.support_requests add column if not exists user_id uuid;
create index if not exists contact_messages_user_id_idx on public.contact_messages (user_id) where user_id is not null;
create index if not exists support_requests_user_id_idx on public.support_requests (user_id) where user_id is not null;
-- Looked up by the address an account has confirmed.
create index if not exists contact_messages_email_idx on public.contact_messages (lower(email));
create index if not exists support_requests_email_idx on public.support_requests (lower(email));
