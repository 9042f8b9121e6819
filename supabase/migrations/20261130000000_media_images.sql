-- Processed product images (app/utils/image-processing.server.ts): one row per image, keyed by the
-- address pages use (the JPEG fallback, `<uuid>-<W>x<H>-<rrggbb>.jpg`). Its intrinsic size (after
-- the EXIF orientation), dominant colour (the placeholder behind it while it loads) and variants
-- (widths × formats, stored beside it) are recorded here; the address carries the same size and
-- colour, so pages draw srcset and placeholder without reading this table. source_url is the
-- upload's earlier address when `npm run images -- rebuild` processed an image uploaded before.
create table if not exists public.media_images (
  url text primary key check (char_length(url) <= 500),
  width integer not null check (width > 0 and width <= 100000),
  height integer not null check (height > 0 and height <= 100000),
  dominant_color text not null check (dominant_color ~ '^#[0-9a-f]{6}$'),
  widths integer[] not null,
  formats text[] not null,
  bytes bigint not null default 0 check (bytes >= 0),
  source_url text,
  created_at timestamptz not null default now()
);
create unique index if not exists media_images_source_idx on public.media_images (source_url) where source_url is not null;
alter table public.media_images enable row level security;
