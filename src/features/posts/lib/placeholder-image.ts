/**
 * The picture of a post without one, or whose own fails to load (spec §2),
 * in two widths drawn by `npm run placeholder-image`. PNG, not SVG: a browser
 * builds a document for every SVG image on the page's main thread and
 * decodes a PNG off it (decision 240). Imported, so that the build names
 * them by their content and browsers keep them without asking again.
 */
import placeholder1600 from '../assets/placeholder-1600.png';
import placeholder800 from '../assets/placeholder-800.png';

export const PLACEHOLDER_IMAGE = placeholder800;
export const PLACEHOLDER_SRCSET = `${placeholder800} 800w, ${placeholder1600} 1600w`;
