import { sql, type Kysely } from 'kysely';

/**
 * Chat (spec 000 sections 2, 3, 7 and 9; issue 13): conversations about one
 * patient each.
 * - `chat_topic`: one per patient (the spec's realTimeTopic), in the
 *   patient's division; `last_seq` is the topic's message counter, bumped in
 *   the sending transaction by the upsert that also creates the topic, so the
 *   row lock hands out sequence numbers one at a time: no gaps, no duplicates.
 * - `chat_subscription`: a participant (user) of a topic with the last
 *   sequence they have read; unread = last_seq - last_read_seq.
 * - `chat_message`: the body as plain text (at most 4,000 characters), keyed
 *   by (topic, seq), so paging by sequence reads the primary key.
 * The record's "Chat" left-menu item is for users with the chat flag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chat_topic (
      topic_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null unique references patient on delete cascade,
      division_uid uuid not null references division,
      last_seq integer not null default 0 check (last_seq >= 0),
      last_message_at timestamptz,
      created_at timestamptz not null default now()
    );

    create table chat_subscription (
      subscription_uid uuid primary key default gen_random_uuid(),
      topic_uid uuid not null references chat_topic on delete cascade,
      user_uid uuid not null references app_user on delete cascade,
      last_read_seq integer not null default 0 check (last_read_seq >= 0),
      created_at timestamptz not null default now(),
      unique (topic_uid, user_uid)
    );
    create index chat_subscription_user on chat_subscription (user_uid);

    create table chat_message (
      topic_uid uuid not null references chat_topic on delete cascade,
      seq integer not null check (seq > 0),
      message_uid uuid not null default gen_random_uuid() unique,
      author_uid uuid not null references app_user,
      body text not null check (char_length(body) between 1 and 4000),
      created_at timestamptz not null default now(),
      primary key (topic_uid, seq)
    );

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Chat', 'patient', 'chat', 87, '{chat}');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
