import type { ReactNode } from 'react'

export interface DataTableRow {
	key: string
	/** One per column, in the columns' order. */
	cells: ReactNode[]
}

/**
 * Every table of the portal. Each cell carries its column's label (`data-label`): on a narrow screen
 * the stylesheet stacks a row's cells one under the other, each after its label, instead of a table
 * wider than the phone that hides its last columns (issue 21; ADR 0038). Wide, it is a plain table.
 */
export function DataTable({
	caption,
	columns,
	rows,
	rowHeader = false,
	className,
}: {
	caption?: ReactNode
	/** The columns' labels, as the header row and each cell's label. */
	columns: readonly string[]
	rows: readonly DataTableRow[]
	/** The first cell of a row names the row (`<th scope="row">`). */
	rowHeader?: boolean
	className?: string
}) {
	return (
		<table className={['data-table', className].filter(Boolean).join(' ')}>
			{caption ? <caption>{caption}</caption> : null}
			<thead>
				<tr>
					{columns.map((label) => (
						<th key={label} scope="col">
							{label}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{rows.map((row) => (
					<tr key={row.key}>
						{row.cells.map((cell, index) =>
							rowHeader && index === 0 ? (
								<th key={index} scope="row" data-label={columns[index]}>
									{cell}
								</th>
							) : (
								<td key={index} data-label={columns[index]}>
									{cell}
								</td>
							),
						)}
					</tr>
				))}
			</tbody>
		</table>
	)
}
