/**
 * Prints, at the end of a Playwright run, the ten slowest test files and the time of each project,
 * so a change that slows the suite shows in the run that made it (issue 25). A file's time is the
 * sum of its tests' durations over every project and retry; a project's wall time runs from its
 * first test's start to its last test's end.
 */
import path from 'node:path'
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

interface ProjectTime {
	tests: number
	busyMs: number
	firstStart: number
	lastEnd: number
}

export default class TimingReporter implements Reporter {
	private readonly files = new Map<string, { tests: number; busyMs: number }>()
	private readonly projects = new Map<string, ProjectTime>()

	onTestEnd(test: TestCase, result: TestResult): void {
		const file = path.relative(process.cwd(), test.location.file)
		const perFile = this.files.get(file) ?? { tests: 0, busyMs: 0 }
		perFile.tests += result.retry === 0 ? 1 : 0
		perFile.busyMs += result.duration
		this.files.set(file, perFile)

		const project = test.parent.project()?.name ?? '(none)'
		const start = result.startTime.getTime()
		const perProject = this.projects.get(project) ?? { tests: 0, busyMs: 0, firstStart: start, lastEnd: start }
		perProject.tests += result.retry === 0 ? 1 : 0
		perProject.busyMs += result.duration
		perProject.firstStart = Math.min(perProject.firstStart, start)
		perProject.lastEnd = Math.max(perProject.lastEnd, start + result.duration)
		this.projects.set(project, perProject)
	}

	onEnd(result: FullResult): void {
		const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
		const slowest = [...this.files.entries()].sort((a, b) => b[1].busyMs - a[1].busyMs).slice(0, 10)
		const lines = ['', 'The ten slowest test files (summed over projects and retries):']
		for (const [file, { tests, busyMs }] of slowest) {
			lines.push(`  ${seconds(busyMs).padStart(9)}  ${String(tests).padStart(3)} tests  ${file}`)
		}
		lines.push('Per project (busy: summed test time; wall: first start to last end):')
		for (const [name, p] of this.projects) {
			lines.push(
				`  ${name.padEnd(12)} ${String(p.tests).padStart(4)} tests  busy ${seconds(p.busyMs).padStart(9)}  wall ${seconds(p.lastEnd - p.firstStart).padStart(8)}`,
			)
		}
		lines.push(`Whole run: ${seconds(result.duration)}, ${result.status}`)
		console.log(lines.join('\n'))
	}

	printsToStdio(): boolean {
		return false
	}
}
