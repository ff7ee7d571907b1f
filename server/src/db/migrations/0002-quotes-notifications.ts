import { sql, type Kysely } from 'kysely';

/** Quotes are reference data of the product (not demo data), so they ship with the schema. */
const QUOTES: Array<[lang: 'ru' | 'en', text: string, author: string]> = [
  ['ru', 'Любая достаточно развитая технология неотличима от магии.', 'Артур Кларк'],
  ['ru', 'Сначала решите задачу. Потом пишите код.', 'Джон Джонсон'],
  ['ru', 'Простота — необходимое условие надёжности.', 'Эдсгер Дейкстра'],
  ['ru', 'Программы пишутся для людей, а исполняются машинами лишь между делом.', 'Гарольд Абельсон'],
  ['ru', 'Опыт — это то, что вы получаете, когда не получаете того, что хотели.', 'Рэнди Пауш'],
  ['ru', 'Не бойтесь идти медленно, бойтесь стоять на месте.', 'Китайская пословица'],
  ['ru', 'Лучший способ предсказать будущее — изобрести его.', 'Алан Кэй'],
  ['ru', 'Каждый эксперт когда-то был новичком.', 'Хелен Хейс'],
  ['en', 'Any sufficiently advanced technology is indistinguishable from magic.', 'Arthur C. Clarke'],
  ['en', 'First, solve the problem. Then, write the code.', 'John Johnson'],
  ['en', 'Simplicity is prerequisite for reliability.', 'Edsger W. Dijkstra'],
  ['en', 'Programs must be written for people to read, and only incidentally for machines to execute.', 'Harold Abelson'],
  ['en', 'Experience is what you get when you didn’t get what you wanted.', 'Randy Pausch'],
  ['en', 'Do not be afraid of growing slowly, be afraid only of standing still.', 'Chinese proverb'],
  ['en', 'The best way to predict the future is to invent it.', 'Alan Kay'],
  ['en', 'Every expert was once a beginner.', 'Helen Hayes'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table quotes (
      id serial primary key,
      language text not null check (language in ('ru','en')),
      text text not null,
      author text not null
    )`.execute(db);
  for (const [language, text, author] of QUOTES) {
    await sql`insert into quotes (language, text, author) values (${language}, ${text}, ${author})`.execute(db);
  }

  await sql`
    create table notifications (
      id serial primary key,
      title text not null,
      message text not null,
      date_time timestamptz not null default now(),
      end_time timestamptz,
      important boolean not null default false,
      user_id integer references users(id) on delete cascade
    )`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id)`.execute(db);
  await sql`
    create table notification_reads (
      notification_id integer not null references notifications(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      read_at timestamptz not null default now(),
      primary key (notification_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_reads`.execute(db);
  await sql`drop table notifications`.execute(db);
  await sql`drop table quotes`.execute(db);
}
