import type { APIRoute } from 'astro';
import { contentPage } from '../../lib/content-entries';
import { factSheetPdf, PRESS_REPLY_HOURS } from '../../lib/press-kit';
import { siteConfig } from '../../lib/site-config';
import { markdownToPlainText } from '../../lib/plain-text';

/** The one-page fact sheet, laid out at build time from the press kit, synopsis and short bio. */
export const GET: APIRoute = async () => {
  const kit = await contentPage('author', 'press-kit', 'press-kit');
  const synopsis = await contentPage('book', 'synopsis', 'synopsis');
  const bio = await contentPage('author', 'bio-short', 'bio');
  const pdf = await factSheetPdf({
    title: 'GENESIS',
    subtitle: 'A novel by Elias Varros',
    facts: kit.data.facts,
    sections: [
      { heading: 'The story', text: synopsis.data.lede ?? synopsis.data.description },
      {
        heading: 'At the heart of the book',
        text: synopsis.data.highlights.map((h) => `${h.title}: ${h.text}`).join('\n\n'),
      },
      { heading: 'What readers say', text: `“${kit.data.endorsement.text}” (${kit.data.endorsement.source})` },
      { heading: 'The author', text: markdownToPlainText(bio.body ?? '') },
    ],
    contact: `Press: ${siteConfig.contactEmail}  ·  ${siteConfig.siteUrl.replace(/^https?:\/\//, '')}/press-media-kit  ·  Replies within ${PRESS_REPLY_HOURS} hours`,
  });
  return new Response(pdf as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': 'application/pdf' } });
};
