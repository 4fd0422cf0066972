import { ImageUp, Loader2, X } from 'lucide-react';
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminText } from '@/lib/i18n-admin';
import { useFocusEffect } from '@/lib/use-focus-effect';
import { cn } from '@/lib/utils';
import { ImageUploadError, uploadPostImage } from '../api/upload-image';
import { ImageFileInput, imageFileOf } from './image-file-input';

const t = adminText.images;

interface Props {
  ids: { id: string; 'aria-describedby'?: string };
  value: string;
  onChange: (url: string) => void;
  /** The picture's description (text alternative), asked once there is a picture. */
  alt: string;
  onAltChange: (alt: string) => void;
  /** While a picture is being sent, the post cannot be saved without it. */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * "URL da Imagem" (spec §2), which also takes a picture from disk ("Enviar
 * imagem"), dropped on it or pasted into it (issue 12): it is resized in the
 * browser, uploaded to Storage, and its address fills the field. Pasting an
 * address still works. A refusal says why and leaves the field as it was.
 */
export function CoverImageField({ ids, value, onChange, alt, onAltChange, onUploadingChange }: Props) {
  const picker = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const altId = useId();
  // Counts finished uploads: after each, once the description field is on screen, it gets the focus.
  const [uploaded, setUploaded] = useState(0);
  useFocusEffect(() => {
    if (uploaded > 0) altInput.current?.focus();
  }, [uploaded]);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string>();
  const errorId = `${ids.id}-upload-error`;
  const hintId = `${ids.id}-upload-hint`;

  async function send(file: File) {
    setError(undefined);
    setUploading(true);
    onUploadingChange(true);
    try {
      onChange(await uploadPostImage(file));
      // Next: what the picture shows.
      setUploaded((n) => n + 1);
    } catch (e) {
      setError(e instanceof ImageUploadError ? e.message : t.failed);
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  }

  const drop = (event: DragEvent) => {
    setDragging(false);
    const file = imageFileOf(event.dataTransfer);
    if (!file) return;
    event.preventDefault();
    void send(file);
  };
  const paste = (event: ClipboardEvent) => {
    const file = imageFileOf(event.clipboardData);
    if (!file) return; // text: an address, pasted as usual
    event.preventDefault();
    void send(file);
  };

  return (
    <div
      className={cn('grid gap-2 rounded-md', dragging && 'outline-2 outline-offset-4 outline-dashed outline-stone-500')}
      onDragOver={(event) => {
        if ([...event.dataTransfer.items].some((i) => i.kind === 'file')) {
          event.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <Input
        {...ids}
        type="url"
        inputMode="url"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onPaste={paste}
        aria-describedby={[ids['aria-describedby'], hintId, error && errorId].filter(Boolean).join(' ')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => picker.current?.click()}>
          {uploading ? <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" /> : <ImageUp aria-hidden />}
          {uploading ? t.uploading : t.upload}
        </Button>
        {value.trim() && !uploading && (
          <span className="inline-flex items-center gap-2">
            <img src={value} alt={t.preview} className="h-10 w-16 rounded border border-stone-200 object-cover" />
            <Button type="button" variant="ghost" size="icon" aria-label={t.remove} onClick={() => onChange('')}>
              <X aria-hidden />
            </Button>
          </span>
        )}
        <ImageFileInput ref={picker} onFile={(file) => void send(file)} />
      </div>
      <p id={hintId} className="text-xs text-stone-600">
        {t.dropHint}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {value.trim() && (
        <div className="grid gap-1.5">
          <Label htmlFor={altId}>{t.alt}</Label>
          <Input
            id={altId}
            ref={altInput}
            value={alt}
            onChange={(e) => onAltChange(e.target.value)}
            aria-describedby={`${altId}-hint`}
          />
          <p id={`${altId}-hint`} className="text-xs text-stone-600">
            {t.altHint}
          </p>
        </div>
      )}
    </div>
  );
}
