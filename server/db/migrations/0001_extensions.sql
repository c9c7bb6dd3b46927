-- Accent-insensitive and fuzzy search (PGlite loads both as contrib extensions).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
