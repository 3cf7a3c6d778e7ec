/**
 * Builds every mail link on the site (RFC 6068): the address as is, subject and body
 * percent-encoded as UTF-8, line breaks as CRLF (%0D%0A), spaces as %20 (never '+').
 */
export interface MailLink {
  to: string;
  subject?: string;
  body?: string;
}

// Any line break (LF, CRLF or a lone CR) becomes CRLF; encodeURIComponent then takes care of
// spaces, '&', '?', '#', '%' and non-ASCII text (as UTF-8).
const encode = (text: string) => encodeURIComponent(text.replace(/\r\n|\r|\n/g, '\r\n'));

export function mailtoHref({ to, subject, body }: MailLink): string {
  const params: string[] = [];
  if (subject) params.push(`subject=${encode(subject)}`);
  if (body) params.push(`body=${encode(body)}`);
  return `mailto:${to}${params.length ? `?${params.join('&')}` : ''}`;
}
