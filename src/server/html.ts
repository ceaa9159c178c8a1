const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML, safe in an element's content and in a quoted attribute: the server's own pages
 * (the built-in provider's, the landing page's root), mail and link-card tags write every value
 * they did not write themselves through it.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
