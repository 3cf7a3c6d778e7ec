import sharp from 'sharp';

/**
 * Rasterises an SVG document (our own artwork) to PNG at build time. `width` is the width of the
 * PNG in pixels; the height follows the SVG's viewBox. Text falls back to the system's serif
 * fonts, since the web fonts ship only as WOFF2.
 */
export async function svgToPng(svg: string, width: number): Promise<Uint8Array<ArrayBuffer>> {
  const viewBox = /viewBox="\s*[-\d.]+\s+[-\d.]+\s+([\d.]+)\s+([\d.]+)\s*"/.exec(svg);
  if (!viewBox) throw new Error('svgToPng: the SVG has no viewBox');
  const [vw, vh] = [Number(viewBox[1]), Number(viewBox[2])];
  const height = Math.round((width * vh) / vw);
  // Give the root element an explicit size so librsvg rasterises at full resolution.
  const sized = svg
    .replace(/<svg\b/, `<svg width="${width}" height="${height}"`)
    .replace(/(<svg[^>]*?)\sclass(="[^"]*")?(?=[\s>])/, '$1');
  const png = await sharp(Buffer.from(sized)).png({ compressionLevel: 9 }).toBuffer();
  return new Uint8Array(png);
}
