// Frozen once landed: add a new migration instead of editing this one.
// The service catalogue (seed 000 §2, §5 "Catalogue"): classifies (header groups and footer
// columns) and their products. Texts are stored per language ({"zh-CN": …, "zh-TW": …}) and answered
// in the caller's. Internal, non-static products with a link become routes of the console.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table catalog_classifies (
    id text primary key,
    area text not null check (area in ('header', 'footer')),
    group_name jsonb,
    name jsonb not null,
    sort integer not null default 0
  )`.execute(db);
  await sql`create table catalog_products (
    id text primary key,
    classify_id text not null references catalog_classifies(id) on delete cascade,
    name jsonb not null,
    summary jsonb not null,
    highlights jsonb not null default '[]',
    link text,
    is_inner boolean not null default true,
    is_static_html boolean not null default false,
    console_route text,
    buy_route text,
    sort integer not null default 0
  )`.execute(db);
  await sql`create index catalog_products_classify on catalog_products (classify_id, sort)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists catalog_products`.execute(db);
  await sql`drop table if exists catalog_classifies`.execute(db);
}
