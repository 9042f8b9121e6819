-- Inline images of an e-mail (the GiroCode of a EUR bank-transfer order's confirmation): the outbox
-- keeps what the image shows (the QR code's text), not the image; the mail worker draws the PNG when
-- it sends and attaches it with its Content-ID, which the HTML names (<img src="cid:…">).
-- [{ "cid": "girocode@officehaus", "filename": "girocode.png", "qr": "BCD\n002\n…" }], at most a few.
alter table public.email_outbox add column if not exists inline_images jsonb;
alter table public.email_outbox drop constraint if exists email_outbox_inline_images_check;
alter table public.email_outbox add constraint email_outbox_inline_images_check
  check (inline_images is null or (jsonb_typeof(inline_images) = 'array' and jsonb_array_length(inline_images) <= 4
         and octet_length(inline_images::text) <= 4000));
