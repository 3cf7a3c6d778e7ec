/**
 * The site's drawings: each one's canvas, the title a screen reader announces for it, and the
 * gradients it paints with. The first gradient fills the whole canvas as its background.
 */
export type GradientStop = [offset: number, color: string, opacity?: number];

export interface GradientSpec {
  /**
   * `vertical` runs from top to bottom (skies), `diagonal` from the top left corner, `radial`
   * from the centre out (glows).
   */
  kind: 'vertical' | 'diagonal' | 'radial';
  stops: GradientStop[];
}

/**
 * The light among the carob's roots, in both drawings of it: white at the centre, warm at
 * `warmAt` of the radius with `strength` opacity, fading to nothing at the edge.
 */
function rootLight(warmAt: number, strength: number): GradientSpec {
  return {
    kind: 'radial',
    stops: [
      [0, '#fff6d8'],
      [warmAt, '#f2c57c', strength],
      [1, '#f2c57c', 0],
    ],
  };
}

export const drawings = {
  cover: {
    width: 400,
    height: 600,
    title:
      'The cover of Genesis by Elias Varros: a lone carob tree on a hill at dawn, a small light glowing among its roots, the sea below.',
    gradients: {
      sky: {
        kind: 'vertical',
        stops: [
          [0, '#15171b'],
          [0.55, '#2c3440'],
          [0.8, '#b86a3c'],
          [1, '#f2c57c'],
        ],
      },
      glow: rootLight(0.35, 0.9),
    },
  },
  sentinel: {
    width: 800,
    height: 500,
    title:
      'An ancient carob tree on a terraced hillside at dusk. Among its roots a small relay station glows; goats graze on the terraces and the sea lies far below.',
    gradients: {
      sky: {
        kind: 'vertical',
        stops: [
          [0, '#23262c'],
          [0.5, '#4d4650'],
          [0.78, '#c07a4a'],
          [1, '#f2c57c'],
        ],
      },
      glow: rootLight(0.4, 0.85),
    },
  },
  portrait: {
    width: 400,
    height: 500,
    title:
      'Illustrated portrait of Elias Varros: a man in his fifties with greying hair and a short beard, in a dark jumper, carob leaves behind him.',
    gradients: {
      bg: {
        kind: 'diagonal',
        stops: [
          [0, '#efe8d8'],
          [1, '#f2c57c'],
        ],
      },
      skin: {
        kind: 'diagonal',
        stops: [
          [0, '#d9a47c'],
          [1, '#b8805a'],
        ],
      },
    },
  },
} satisfies Record<string, { width: number; height: number; title: string; gradients: Record<string, GradientSpec> }>;

export type Drawing = keyof typeof drawings;
