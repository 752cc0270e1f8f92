// Frozen once landed: add a new migration instead of editing this one.
// Order numbers people read (issue 28): an order showed 订单编号 「5c6702a8…」, its internal id. Every
// order now has `order_no` — the day it was placed in China time and a sequence, 14 digits
// (20261129000123) — given by the database on insert, so the meter, a renewal, a resize and the demo
// seed all get one the same way. Orders already placed are numbered in the order they were placed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence orders_no_seq`.execute(db);
  await db.schema.alterTable('orders').addColumn('order_no', 'text').execute();
  await sql`
    update orders o set order_no = to_char(o.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(n.seq::text, 6, '0')
    from (select id, nextval('orders_no_seq') as seq from (select id from orders order by created_at, id) ordered) n
    where n.id = o.id`.execute(db);
  await sql`
    create function orders_number() returns trigger language plpgsql as $$
    begin
      if new.order_no is null then
        new.order_no := to_char(new.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('orders_no_seq')::text, 6, '0');
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger orders_number before insert on orders for each row execute function orders_number()`.execute(db);
  await sql`alter table orders alter column order_no set not null`.execute(db);
  await db.schema.createIndex('orders_no_idx').on('orders').column('order_no').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger orders_number on orders`.execute(db);
  await sql`drop function orders_number()`.execute(db);
  await db.schema.alterTable('orders').dropColumn('order_no').execute();
  await sql`drop sequence orders_no_seq`.execute(db);
}
