/**
 * The elements that end a public page's first screen (its largest text). The
 * page's head names its own (HeadSpec.firstScreen), and the browser draws
 * nothing before that element is parsed: the first paint shows the screen
 * whole (issue 28).
 */
export const FIRST_SCREEN = {
  /** A home: the hero's description. */
  home: 'hero-description',
  /** A post: its title. */
  post: 'post-title',
} as const;
