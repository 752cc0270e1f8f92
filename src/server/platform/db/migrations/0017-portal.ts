// Frozen once landed: add a new migration instead of editing this one.
// The public portal's content (seed 000 §1, §3, §7): landing pages answered by
// auto_product_details/{productId} (banner and sections per language), articles (announcements,
// news, help, manuals, scenario journeys) and the administrators' templates and custom pages.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table portal_pages (
    product_id text primary key,
    content jsonb not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table portal_articles (
    id text primary key,
    kind text not null check (kind in ('announcement', 'news', 'help', 'manual', 'scenario')),
    category jsonb not null,
    title jsonb not null,
    summary jsonb not null,
    body jsonb not null,
    published_at timestamptz not null
  )`.execute(db);
  await sql`create index portal_articles_kind_time on portal_articles (kind, published_at desc, id)`.execute(db);
  await sql`create table portal_templates (
    id text primary key,
    kind text not null check (kind in ('template', 'custom_page')),
    name text not null,
    html_code text not null default '',
    css_code text not null default '',
    js_code text not null default '',
    data_json jsonb not null default '{}',
    published boolean not null default true,
    created_by char(32) references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index portal_templates_kind on portal_templates (kind, updated_at desc, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists portal_templates`.execute(db);
  await sql`drop table if exists portal_articles`.execute(db);
  await sql`drop table if exists portal_pages`.execute(db);
}
