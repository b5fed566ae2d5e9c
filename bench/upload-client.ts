/**
 * One uploading client of `bench/uploads.ts`, in a process of its own so its work is not counted in the
 * latencies the benchmark measures: posts a body file (streamed from disk) to a path, one post after another,
 * until `seconds` have passed; prints the statuses and latencies as JSON. With MB_PER_SECOND, each body is
 * sent no faster than that, as over a customer's line (0: as fast as loopback takes it).
 *
 *   node bench/upload-client.ts ORIGIN PATH BODY_FILE CONTENT_TYPE COOKIE SECONDS [MB_PER_SECOND]
 */
import { createReadStream, statSync } from 'node:fs'
import { once } from 'node:events'
import http from 'node:http'
import { setTimeout } from 'node:timers/promises'

const [origin, pathname, bodyFile, contentType, cookie, seconds, mbPerSecond = '0'] = process.argv.slice(2) as [
	string,
	string,
	string,
	string,
	string,
	string,
	string?,
]
const bytesPerMs = (Number(mbPerSecond) * 1024 * 1024) / 1000
const size = statSync(bodyFile).size
const end = performance.now() + Number(seconds) * 1000
const answers: { status: number; ms: number }[] = []

function post(): Promise<{ status: number; ms: number }> {
	const sent = performance.now()
	return new Promise((resolve, reject) => {
		const request = http.request(
			new URL(pathname, origin),
			{
				method: 'POST',
				headers: {
					'Content-Type': contentType,
					'Content-Length': String(size),
					Origin: origin,
					Cookie: cookie,
					'Accept-Language': 'en',
				},
			},
			(response) => {
				response.resume()
				response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - sent }))
			},
		)
		request.on('error', reject)
		if (!bytesPerMs) return void createReadStream(bodyFile, { highWaterMark: 1024 * 1024 }).pipe(request)
		void (async () => {
			let written = 0
			for await (const chunk of createReadStream(bodyFile, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
				if (!request.write(chunk)) await once(request, 'drain')
				written += chunk.length
				const early = written / bytesPerMs - (performance.now() - sent)
				if (early > 0) await setTimeout(early)
			}
			request.end()
		})().catch(reject)
	})
}

while (performance.now() < end) answers.push(await post())
console.log(JSON.stringify(answers))
