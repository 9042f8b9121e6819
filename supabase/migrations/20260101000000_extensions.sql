-- Trigram matching powers the catalogue search (partial, case-insensitive, every language).
create extension if not exists pg_trgm;
