/**
 * Prints, at the end of a vitest run, the ten slowest test files (import, set-up and tests) and the
 * run's total, so a change that slows the unit suite shows in the run that made it (issue 25).
 */
import type { Reporter, TestModule } from 'vitest/node'

export default class TimingReporter implements Reporter {
	onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
		const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
		const files = testModules.map((module) => {
			const d = module.diagnostic()
			return { file: module.relativeModuleId, ms: d.collectDuration + d.setupDuration + d.duration }
		})
		const lines = ['', 'The ten slowest unit test files (import, set-up and tests):']
		for (const { file, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
			lines.push(`  ${seconds(ms).padStart(8)}  ${file}`)
		}
		lines.push(`  ${files.length} files, ${seconds(files.reduce((sum, f) => sum + f.ms, 0))} summed`)
		console.log(lines.join('\n'))
	}
}
