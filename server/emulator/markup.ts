/** Text made safe inside the emulator's HTML pages and SVG images (element text and quoted attributes). */
export function escapeMarkup(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
