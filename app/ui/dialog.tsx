import { useId, type ReactNode } from 'react'

/**
 * The spec's dialogs ('Email Address Already Exists', 'User Does Not Exist',
 * 'Login Attempt Unsuccessful'): shown in the page where they apply, so they
 * work without JavaScript, announced as an alert dialog with their actions.
 */
export function Dialog({ title, text, children }: { title: string; text: string; children: ReactNode }) {
	const id = useId()
	return (
		<section className="dialog" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
			<h2 id={`${id}-title`}>{title}</h2>
			<p id={`${id}-text`}>{text}</p>
			<p className="actions">{children}</p>
		</section>
	)
}
