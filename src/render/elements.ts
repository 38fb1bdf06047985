import { latinFace, type Face, type Weight } from './font-catalog';
import { prepareText } from './text-prep';

/** satori's input without JSX: plain { type, props } objects, as React elements are. */
export interface El {
  type: 'div' | 'img';
  props: {
    style?: Record<string, string | number>;
    children?: El | El[] | string;
    /** An img's picture (a data: URI) and its layout size. */
    src?: string;
    width?: number;
    height?: number;
  };
}

export const div = (style: El['props']['style'], children?: El['props']['children']): El => ({
  type: 'div',
  props: { style: { display: 'flex', boxSizing: 'border-box', ...style }, children },
});

/** The colours of the pictures: the board page's dark and light sets (src/web/board-page.ts). */
export const THEMES = {
  dark: { bg: '#212128', row: '#2a2a32', text: '#e6e6ea', muted: '#a3a3b0', accent: '#9aa8ff' },
  light: { bg: '#ffffff', row: '#f3f3f6', text: '#1d1d22', muted: '#5a5a66', accent: '#3547c8' },
};

/**
 * Collects the faces a picture's texts need; `text` returns a one-line box of user text that
 * is drawn only with those faces (first in its font-family) and ends with an ellipsis when long.
 */
export class FaceSet {
  readonly uses: { face: Face; weight: Weight }[] = [];

  constructor() {
    this.uses.push({ face: latinFace(), weight: 400 }, { face: latinFace(), weight: 700 });
  }

  text(
    raw: string,
    style: El['props']['style'] & { fontWeight?: Weight; textAlign?: 'right' },
  ): El {
    const { text, faces } = prepareText(raw);
    const weight = style.fontWeight ?? 400;
    faces.forEach((face) => this.uses.push({ face, weight }));
    const family = [...faces.map((f) => f.id), latinFace().id].join(', ');
    return div(
      { minWidth: 0, overflow: 'hidden', ...style },
      div(
        {
          display: 'block',
          fontFamily: family,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          textAlign: style.textAlign ?? 'left',
          flexGrow: 1,
          minWidth: 0,
        },
        text,
      ),
    );
  }
}
