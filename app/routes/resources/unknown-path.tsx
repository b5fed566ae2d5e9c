import { redirect } from 'react-router'

/** Spec 1 §2: any unknown path redirects to /. */
export function loader() {
	return redirect('/')
}

export function action() {
	return redirect('/')
}

/** Never shown: both handlers redirect. A component makes this a page route, so a refused post gets a page. */
export default function UnknownPath() {
	return null
}
