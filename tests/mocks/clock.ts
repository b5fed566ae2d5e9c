/**
 * Fake timers for time-outs, so a 60 s time-out takes no real time.
 * `AbortSignal.timeout` is not among the timers vitest fakes: for the test it
 * is the same signal (aborted with a TimeoutError) driven by the faked
 * setTimeout.
 */
import { onTestFinished, vi } from 'vitest'

export function useFakeClock(): void {
	vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
	const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
		const controller = new AbortController()
		setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms)
		return controller.signal
	})
	onTestFinished(() => {
		timeout.mockRestore()
		vi.useRealTimers()
	})
}
