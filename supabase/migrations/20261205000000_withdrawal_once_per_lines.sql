-- One withdrawal per order and set of lines (issue 36: the withdrawal form as a mail cannon). A
-- withdrawal sent again with a new form (a new idempotency key) used to be stored again, with a new
-- receipt e-mail to the order's owner each time. `lines_key` names what is withdrawn: the order
-- lines and quantities, "item_id:quantity" sorted by item id (byte order) and joined by ",", the
-- same expression the insert uses (app/models/withdrawal.server.ts); the reason is not part of it
-- (the same withdrawal with another text is the same withdrawal). The unique index makes a repeat,
-- even two sent at the same moment, store nothing: the insert's `on conflict do nothing` waits for
-- the first and finds it.
alter table public.withdrawals add column if not exists lines_key text;

-- The receipt e-mail to the order's address was held back: too many receipts for this order within
-- the hour (WITHDRAWAL_EMAIL_LIMITS in app/models/withdrawal.server.ts). The withdrawal counts all the same.
alter table public.withdrawals add column if not exists receipt_held_back boolean not null default false;

-- Withdrawals stored before: the first of each order and set of lines gets its key; later repeats of
-- it keep none (a null key is never equal to another), so they stay stored as they were received.
update public.withdrawals w set lines_key = k.lines_key
  from (
    select id, lines_key, row_number() over (partition by order_id, lines_key order by created_at, id) as n
      from (
        select x.id, x.order_id, x.created_at,
               (select string_agg((l ->> 'item_id') || ':' || (l ->> 'quantity'), ',' order by (l ->> 'item_id') collate "C")
                  from jsonb_array_elements(x.lines) as l) as lines_key
          from public.withdrawals x
      ) keyed
  ) k
 where k.id = w.id and k.n = 1 and w.lines_key is null;

create unique index if not exists withdrawals_order_lines_key_idx on public.withdrawals (order_id, lines_key);
