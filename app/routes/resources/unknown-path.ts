import { redirect } from 'react-router'

/** Spec 1 §2: any unknown path redirects to /. */
export function loader() {
	return redirect('/')
}

export function action() {
	return redirect('/')
}
