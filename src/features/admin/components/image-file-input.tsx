import type { Ref } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../api/upload-image';

/** The picture of a drop or a paste, if it carries one. */
export function imageFileOf(items: DataTransfer | null): File | undefined {
  return items ? [...items.files].find((f) => f.type.startsWith('image/')) : undefined;
}

/**
 * The hidden file chooser behind an "Enviar imagem" / "Imagem" button: the
 * button calls its click(); the chosen picture goes to onFile, and choosing
 * the same file again works too.
 */
export function ImageFileInput({ ref, onFile }: { ref: Ref<HTMLInputElement>; onFile: (file: File) => void }) {
  return (
    <input
      ref={ref}
      type="file"
      accept={ACCEPTED_IMAGE_TYPES.join(',')}
      className="sr-only"
      tabIndex={-1}
      aria-hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
