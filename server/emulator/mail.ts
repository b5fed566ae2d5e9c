import type { DatabaseSync } from 'node:sqlite'
import type { Clock } from './clock.ts'

/** A message the account API "sent": kept in the outbox, printed to the log. */
export interface Mail {
	to: string
	subject: string
	text: string
	code: string | null
	link: string | null
	sentAt: string
}

export interface MailOutbox {
	send(mail: Omit<Mail, 'sentAt'>): void
	/** An address's messages, newest first (all messages when `to` is omitted). */
	list(to?: string): Mail[]
}

export function createMailOutbox(db: DatabaseSync, clock: Clock, log: (line: string) => void): MailOutbox {
	db.exec(`CREATE TABLE IF NOT EXISTS mail (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		recipient TEXT NOT NULL COLLATE NOCASE,
		subject TEXT NOT NULL,
		text TEXT NOT NULL,
		code TEXT,
		link TEXT,
		sent_at TEXT NOT NULL
	)`)
	const insert = db.prepare(
		'INSERT INTO mail (recipient, subject, text, code, link, sent_at) VALUES (?, ?, ?, ?, ?, ?)',
	)
	const byRecipient = db.prepare('SELECT * FROM mail WHERE recipient = ? ORDER BY id DESC')
	const all = db.prepare('SELECT * FROM mail ORDER BY id DESC LIMIT 200')
	type Row = {
		recipient: string
		subject: string
		text: string
		code: string | null
		link: string | null
		sent_at: string
	}
	const toMail = (row: Row): Mail => ({
		to: row.recipient,
		subject: row.subject,
		text: row.text,
		code: row.code,
		link: row.link,
		sentAt: row.sent_at,
	})
	return {
		send(mail) {
			insert.run(mail.to, mail.subject, mail.text, mail.code, mail.link, new Date(clock.now()).toISOString())
			log(
				`mail to ${mail.to}: ${mail.subject}${mail.code ? ` (code ${mail.code})` : ''}${mail.link ? ` ${mail.link}` : ''}`,
			)
		},
		list(to) {
			return ((to ? byRecipient.all(to) : all.all()) as Row[]).map(toMail)
		},
	}
}
