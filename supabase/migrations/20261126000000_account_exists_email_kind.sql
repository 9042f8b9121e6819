-- Registering an address that has an account already answers as for a new one (nothing tells the
-- browser which addresses have accounts); the owner gets an e-mail of its own kind instead: "someone
-- tried to register with your address; sign in or set a new password".
alter table public.email_outbox drop constraint if exists email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('registration', 'order_confirmation', 'order_status', 'password_reset', 'newsletter_confirmation', 'newsletter', 'account_exists'));
