import type { APIRoute } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import AuthorPortrait from '../../components/art/AuthorPortrait.astro';
import { svgToPng } from '../../lib/render-svg';

/** The press kit's author photo: the illustrated portrait at 1600 × 2000 px. */
export const GET: APIRoute = async () => {
  const container = await AstroContainer.create();
  const png = await svgToPng(await container.renderToString(AuthorPortrait), 1600);
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
