import { useLayoutEffect } from 'react';

/**
 * An effect that moves the focus. It runs in the commit that changes what is
 * shown (a layout effect), not after it: when the control she used leaves
 * the page, no keystroke lands on <body> in between, and a screen reader
 * reads the new place at once. Tests see the same: the focus has moved by
 * the time the new content can be found.
 */
export const useFocusEffect = useLayoutEffect;
