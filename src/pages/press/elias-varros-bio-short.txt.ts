import type { APIRoute } from 'astro';
import { contentPage } from '../../lib/content-entries';
import { markdownToPlainText, wrapText } from '../../lib/plain-text';

/** The short biography as plain text, from content/author/bio-short.md. */
export const GET: APIRoute = async () => {
  const bio = await contentPage('author', 'bio-short', 'bio');
  const text = `${bio.data.title}\n\n${wrapText(markdownToPlainText(bio.body ?? ''))}\n`;
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
