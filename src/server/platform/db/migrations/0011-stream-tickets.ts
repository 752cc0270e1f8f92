// Frozen once landed: add a new migration instead of editing this one.
// Single-use tickets that open the event stream (EventSource cannot send X-Auth-Token, and the
// session token must not travel in a URL). Only the ticket's SHA-256 is stored, with the session it
// stands for, so any server process can redeem it and signing out also voids unredeemed tickets.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stream_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_hash', 'text', (c) => c.notNull().references('sessions.token_hash').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index stream_tickets_expires on stream_tickets (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_tickets').ifExists().execute();
}
