import type { APIRoute } from 'astro';
import favicon from '../../public/favicon.svg?raw';
import { svgToPng } from '../lib/render-svg';
import { LOGO } from '../lib/structured-data';

/** The site's mark as a PNG, drawn from the favicon: the logo of the essays' publisher in their JSON-LD. */
export const GET: APIRoute = async () =>
  new Response(await svgToPng(favicon, LOGO.size), { headers: { 'Content-Type': 'image/png' } });
