-- Issue 15: the shop's e-mails after the first order. Order status e-mails (an admin confirms,
-- ships, delivers or cancels), password-reset links, and newsletter issues each get a kind of
-- their own in the outbox; newsletter e-mails name their issue so the admin can count them.
alter table public.email_outbox drop constraint if exists email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('registration', 'order_confirmation', 'order_status', 'password_reset', 'newsletter_confirmation', 'newsletter'));
