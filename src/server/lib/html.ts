/** Text put into HTML (pages, emails, the sandbox's payment page): every character that could open markup, as a character reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
