import type { APIRoute } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import BookCover from '../../components/art/BookCover.astro';
import { svgToPng } from '../../lib/render-svg';

/** The cover in high resolution for print and press (2400 × 3600 px), drawn from BookCover. */
export const GET: APIRoute = async () => {
  const container = await AstroContainer.create();
  const svg = await container.renderToString(BookCover);
  const png = await svgToPng(svg, 2400);
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
