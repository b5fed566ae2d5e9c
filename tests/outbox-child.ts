/**
 * A portal process in miniature for the outbox's crash tests: the outbox
 * module and nothing else, configured by the environment the test gives.
 *
 *   node tests/outbox-child.ts accept   → sends the request in OUTBOX_SUBMISSION (files as base64), prints
 *                                         `outbox-child: {receipt as JSON}`, then waits to be killed
 *   node tests/outbox-child.ts deliver  → starts background delivery until OUTBOX_REFERENCE of
 *                                         OUTBOX_USER is delivered, prints `outbox-child: delivered`,
 *                                         stops cleanly
 */
import {
	recentSupportRequests,
	sendSupportRequest,
	startSupportOutbox,
	stopSupportOutbox,
	type SupportSubmission,
} from '../app/outbox/support-outbox.server.ts'

const mode = process.argv[2]
/** Marks the answer among the outbox's own log lines. */
const ANSWER = 'outbox-child: '

if (mode === 'accept') {
	const submission = JSON.parse(process.env.OUTBOX_SUBMISSION ?? '') as Omit<SupportSubmission, 'attachments'> & {
		attachments: Array<{ filename: string; contentType: string; base64: string }>
	}
	const attachments = submission.attachments.map((a) => ({
		filename: a.filename,
		contentType: a.contentType,
		bytes: new Uint8Array(Buffer.from(a.base64, 'base64')),
	}))
	const receipt = await sendSupportRequest({ ...submission, attachments })
	process.stdout.write(`${ANSWER}${JSON.stringify(receipt)}\n`)
	// Kept alive (the attempt in flight, if any, goes on) until the test kills it.
	setInterval(() => {}, 60_000)
} else if (mode === 'deliver') {
	const reference = process.env.OUTBOX_REFERENCE ?? ''
	const userId = process.env.OUTBOX_USER ?? ''
	startSupportOutbox()
	for (;;) {
		const mine = (await recentSupportRequests(userId)).find((r) => r.reference === reference)
		if (mine?.status === 'delivered') break
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	await stopSupportOutbox()
	process.stdout.write(`${ANSWER}delivered\n`)
	process.exit(0)
} else {
	console.error('usage: node tests/outbox-child.ts accept|deliver')
	process.exit(2)
}
