import type { APIRoute, GetStaticPaths } from 'astro';
import { ogCardSvg, ogSections, type OgSection } from '../../lib/og';
import { svgToPng } from '../../lib/render-svg';

export const getStaticPaths = (() =>
  ogSections.map((section) => ({ params: { section: section.slug }, props: { section } }))) satisfies GetStaticPaths;

/** A 1200 × 630 social card per section of the site, rendered at build. */
export const GET: APIRoute<{ section: OgSection }> = async ({ props }) =>
  new Response(await svgToPng(ogCardSvg(props.section), 1200), { headers: { 'Content-Type': 'image/png' } });
