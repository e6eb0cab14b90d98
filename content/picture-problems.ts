/**
 * The rules a picture of content/art must meet, given its bytes (no file
 * system, no sharp: the browser editor runs them too). Size and kind come
 * from image-size; an SVG is read by fast-xml-parser and must hold nothing
 * but a drawing, by allow-list.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { imageSize } from 'image-size';
import { ART_EXTENSIONS, ART_FOLDER as FOLDER, pictureNeed, PICTURE_SLOTS, type PictureSlot } from './art.ts';
import { portablePictureName } from './names.ts';

/** Why the picture a slot names is refused, or undefined: it must be there, be a picture of its extension's kind, and be big enough for the slot (a photo) or drawn at its size (an SVG). */
export function pictureProblem(name: string, art: ReadonlyMap<string, Uint8Array>, slot: PictureSlot): string | undefined {
  const bytes = art.get(name);
  if (!bytes) return `${FOLDER}/${name} is missing: choose another picture for this field, or upload it under Media`;
  const kind = pictureKind(name, bytes);
  if ('problem' in kind) return kind.problem;
  const { width, height } = kind;
  if (kind.type === 'svg') {
    const shown = PICTURE_SLOTS[slot];
    return width === shown.width && height === shown.height ? undefined : `${FOLDER}/${name} is ${width ?? '?'} × ${height ?? '?'}, not the ${shown.width} × ${shown.height} it is shown at`;
  }
  const need = pictureNeed(slot);
  // Of another shape it is cropped to the slot's, so each side must reach the need on its own.
  if (width! >= need.width && height! >= need.height) return undefined;
  return `${FOLDER}/${name} is ${width} × ${height}: ${PICTURE_SLOTS[slot].name} needs at least ${need.width} × ${need.height}`;
}

/**
 * Why a picture may not be written to content/art, whatever shows it: a name
 * that is not portable, a file that is not a picture of its extension's
 * kind, an SVG that holds more than a drawing. Where it is shown, the whole
 * check says more (pictureProblem).
 */
export function uploadProblem(name: string, bytes: Uint8Array): string | undefined {
  const portable = portablePictureName(name);
  if (portable !== name) return `${FOLDER}/${name}: the file name is not portable: name it ${portable}`;
  const kind = pictureKind(name, bytes);
  return 'problem' in kind ? kind.problem : undefined;
}

/** The kinds image-size names, by the extensions content/art gives them, and their names. */
const KIND_OF: Record<(typeof ART_EXTENSIONS)[number], string> = { '.jpg': 'jpg', '.jpeg': 'jpg', '.png': 'png', '.webp': 'webp', '.avif': 'avif', '.svg': 'svg' };
const KIND_NAMES: Record<string, string> = { jpg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', svg: 'SVG' };

/**
 * A picture's kind and its size upright (a photo's EXIF orientation
 * applied), or why content/art may not hold it: unreadable, another kind
 * than its extension says, or an SVG that holds more than a drawing.
 */
export function pictureKind(name: string, bytes: Uint8Array): { type: string; width?: number; height?: number } | { problem: string } {
  const path = `${FOLDER}/${name}`;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { problem: `${path} is not a picture that can be read (${ART_EXTENSIONS.join(', ')})` };
  }
  const type = size.type!;
  const extension = name.slice(name.lastIndexOf('.')) as keyof typeof KIND_OF;
  const kind = KIND_NAMES[type];
  if (!kind) return { problem: `${path} is a ${type.toUpperCase()} picture: content/art takes ${Object.values(KIND_NAMES).join(', ')}` };
  if (KIND_OF[extension] !== type) return { problem: `${path} is a ${kind} picture named ${extension}: give it the extension of its kind` };
  if (type === 'svg') {
    const unclean = svgProblem(new TextDecoder().decode(bytes));
    if (unclean) return { problem: `${path} ${unclean}` };
  }
  // Orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
  const turned = (size.orientation ?? 1) >= 5;
  return { type, width: turned ? size.height : size.width, height: turned ? size.width : size.height };
}

/**
 * What an SVG may hold: the elements and attributes of a drawing (shapes,
 * text, gradients, patterns, clips, masks, markers, filters, styles), each
 * reference to something of its own (#id), and CSS without at-rules,
 * escapes or functions beyond these. Everything else is refused, so that
 * the file, opened on its own at its address, can run or fetch nothing.
 */
const SVG_ELEMENTS = new Set(
  [
    'svg g defs symbol use title desc style switch',
    'path rect circle ellipse line polyline polygon text tspan textPath',
    'linearGradient radialGradient stop pattern clipPath mask marker',
    'filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow',
    'feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence',
  ]
    .join(' ')
    .split(' '),
);
const SVG_ATTRIBUTES = new Set(
  [
    'id class style lang xml:lang xml:space role aria-hidden aria-label aria-labelledby aria-describedby version baseProfile',
    'width height viewBox preserveAspectRatio x y rx ry cx cy r fr fx fy x1 y1 x2 y2 d points pathLength transform transform-origin href xlink:href',
    'startOffset method spacing side dx dy rotate textLength lengthAdjust type media systemLanguage',
    'fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity',
    'opacity color display visibility overflow clip clip-path clip-rule mask filter marker-start marker-mid marker-end paint-order vector-effect',
    'shape-rendering text-rendering image-rendering color-interpolation color-interpolation-filters color-rendering mix-blend-mode isolation',
    'stop-color stop-opacity flood-color flood-opacity lighting-color offset gradientUnits gradientTransform spreadMethod',
    'font-family font-size font-size-adjust font-stretch font-style font-variant font-weight letter-spacing word-spacing text-anchor text-decoration',
    'dominant-baseline alignment-baseline baseline-shift direction unicode-bidi writing-mode',
    'patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits markerWidth markerHeight markerUnits refX refY orient',
    'filterUnits primitiveUnits in in2 result stdDeviation edgeMode mode operator k1 k2 k3 k4 values tableValues slope intercept amplitude exponent',
    'radius scale xChannelSelector yChannelSelector baseFrequency numOctaves seed stitchTiles surfaceScale diffuseConstant specularConstant specularExponent',
    'kernelUnitLength azimuth elevation pointsAtX pointsAtY pointsAtZ limitingConeAngle z order kernelMatrix divisor bias targetX targetY preserveAlpha',
  ]
    .join(' ')
    .split(' '),
);
/** Those among them whose values are words or names, never read as CSS; with them, data-* attributes (a drawing program's names for its layers), which do nothing. */
const WORDS_ATTRIBUTES = new Set('id class lang xml:lang role aria-label aria-labelledby aria-describedby'.split(' '));
/** The one value each namespace declaration may have. */
const NAMESPACES: Record<string, string> = { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:svg': 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' };
/** The CSS functions a value may call, as CSS reads their names (in any case): colours, lengths, transforms, and url() of an #id. */
const CSS_FUNCTIONS = new Set('url rgb rgba hsl hsla hwb lab lch oklab oklch calc min max clamp var matrix translate translatex translatey scale scalex scaley rotate skewx skewy'.split(' '));

const svgParser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false, trimValues: false, cdataPropName: '#cdata', commentPropName: '#comment', htmlEntities: true });

type XmlNode = Record<string, XmlNode[] | Record<string, string> | string>;

/** Why an SVG holds more than a drawing ("holds …, which a picture may not hold"), or undefined. */
export function svgProblem(text: string): string | undefined {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return `is not an SVG that can be read: line ${valid.err.line}, ${valid.err.msg}`;
  // A DOCTYPE declares entities, which the parser below would not expand as a browser does.
  if (/<!DOCTYPE/i.test(text)) return refused('a DOCTYPE');
  const top = svgParser.parse(text) as XmlNode[];
  const elements = top.filter((node) => !('#comment' in node) && !('?xml' in node) && !('#text' in node && String(node['#text']).trim() === ''));
  if (elements.length !== 1 || !('svg' in elements[0]!)) return refused(`${describe(elements.find((node) => !('svg' in node)))} outside its <svg>`);
  return elementProblem(elements[0]!);
}

const refused = (what: string) => `holds ${what}, which a picture may not hold: export it as a plain SVG drawing (shapes, text and colours, nothing from outside the file)`;

/** The first thing an element, its attributes or its children hold that SVG_ELEMENTS, SVG_ATTRIBUTES and cssProblem do not allow. */
function elementProblem(node: XmlNode): string | undefined {
  const name = Object.keys(node).find((key) => key !== ':@')!;
  // Words and comments are inert; a <style>'s are read below.
  if (name === '#comment' || name === '#text' || name === '#cdata') return undefined;
  const children = node[name] as XmlNode[];
  if (!SVG_ELEMENTS.has(name)) return refused(describe(node));
  for (const [attribute, value] of Object.entries((node[':@'] ?? {}) as Record<string, string>)) {
    if (attribute in NAMESPACES) {
      if (value !== NAMESPACES[attribute]) return refused(`${attribute}="${value}" on <${name}>`);
      continue;
    }
    if (/^data-[a-z0-9-]+$/.test(attribute)) continue;
    if (!SVG_ATTRIBUTES.has(attribute)) return refused(`the attribute ${attribute} on <${name}>`);
    if ((attribute === 'href' || attribute === 'xlink:href') && !value.startsWith('#')) return refused(`${attribute}="${value}" on <${name}>`);
    const css = WORDS_ATTRIBUTES.has(attribute) ? undefined : cssProblem(value);
    if (css) return refused(`${css} in ${attribute} on <${name}>`);
  }
  if (name === 'style') {
    const css = cssProblem(children.map((child) => textOf(child)).join(''));
    if (css) return refused(`${css} in <style>`);
  }
  for (const child of children) {
    const problem = elementProblem(child);
    if (problem) return problem;
  }
  return undefined;
}

/** What a value written as CSS may not hold, as the file has it: an at-rule (@import), an escape, a function beyond CSS_FUNCTIONS, a url() of anything but an #id. */
function cssProblem(css: string): string | undefined {
  if (css.includes('@')) return /@[\w-]*/.exec(css)![0];
  if (css.includes('\\')) return 'a backslash';
  for (const call of css.matchAll(/([\w-]+)\(/g)) {
    const name = call[1]!.toLowerCase();
    if (!CSS_FUNCTIONS.has(name)) return `${call[1]}()`;
    const rest = css.slice(call.index);
    if (name === 'url' && !/^url\(\s*['"]?#/i.test(rest)) return /^url\([^)]*\)?/i.exec(rest)![0];
  }
  return undefined;
}

function textOf(node: XmlNode): string {
  if ('#text' in node) return String(node['#text']);
  if ('#cdata' in node) return (node['#cdata'] as XmlNode[]).map(textOf).join('');
  return '';
}

/** "<script>", "<?xml-stylesheet?>", "text", as the file has it. */
function describe(node: XmlNode | undefined): string {
  const name = node ? Object.keys(node).find((key) => key !== ':@')! : '';
  if (name.startsWith('?')) return `<${name}?>`;
  if (name === '#text' || name === '#cdata') return 'text';
  return `<${name}>`;
}
