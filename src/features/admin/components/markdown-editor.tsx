import { Bold, Heading2, Image, Italic, Link, List, Quote, type LucideIcon } from 'lucide-react';
import { Toolbar } from 'radix-ui';
import { useDeferredValue, useLayoutEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { PostBody } from '@/features/posts/components/post-body';
import { countWords, readingTime } from '@/features/posts/lib/markdown/reading-time';
import { adminText } from '@/lib/i18n-admin';
import type { Language } from '@/lib/language';
import { ImageUploadError, uploadPostImage } from '../api/upload-image';
import { applyEdit, formatEdit, type MarkdownFormat, type TextEdit } from '../lib/markdown-edits';
import { ImageFileInput, imageFileOf } from './image-file-input';

const t = adminText.editor;

const BUTTONS: { format: MarkdownFormat; label: string; icon: LucideIcon; key?: string }[] = [
  { format: 'bold', label: t.bold, icon: Bold, key: 'b' },
  { format: 'italic', label: t.italic, icon: Italic, key: 'i' },
  { format: 'heading', label: t.heading, icon: Heading2 },
  { format: 'link', label: t.link, icon: Link, key: 'k' },
  { format: 'quote', label: t.quote, icon: Quote },
  { format: 'list', label: t.list, icon: List },
  { format: 'image', label: t.image, icon: Image },
];
const SHORTCUTS = new Map(BUTTONS.filter((b) => b.key).map((b) => [b.key!, b.format]));

interface Props {
  /** The label's ids (FormField): they go on the textarea. */
  ids: { id: string; 'aria-describedby'?: string };
  value: string;
  onChange: (value: string) => void;
  /** The post's language: the preview speaks it. */
  language: Language;
  /** While a picture is being sent, the post cannot be saved without it. */
  onUploadingChange: (uploading: boolean) => void;
}


/** Types `text` over the selection as the browser would (one undo step); false where it cannot. */
function insertNatively(text: string): boolean {
  try {
    return typeof document.execCommand === 'function' && document.execCommand('insertText', false, text);
  } catch {
    return false;
  }
}

/**
 * The post's text (issue 12): Markdown in a textarea with a formatting
 * toolbar and shortcuts (Ctrl/⌘ + B, I, K), "Escrever" / "Pré-visualizar"
 * tabs where the preview is the post page's own renderer, and the word count
 * with the reading time. The toolbar edits as typing would (execCommand), so
 * Ctrl+Z undoes them; where the browser cannot, the text is set directly.
 */
export function MarkdownEditor({ ids, value, onChange, language, onUploadingChange }: Props) {
  const [tab, setTab] = useState('write');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const settled = useDeferredValue(value);
  const words = countWords(settled);
  const hintId = `${ids.id}-hint`;
  const picker = useRef<HTMLInputElement>(null);
  /** Where the picture being chosen goes: the selection when "Imagem" was pressed. */
  const imageAt = useRef<[number, number]>([0, 0]);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (selection && textarea.current) {
      textarea.current.setSelectionRange(...selection);
      pendingSelection.current = null;
    }
  }, [value]);

  function format(kind: MarkdownFormat) {
    const el = textarea.current;
    if (!el) return;
    if (kind === 'image') {
      imageAt.current = [el.selectionStart, el.selectionEnd];
      picker.current?.click();
      return;
    }
    apply(formatEdit(el.value, el.selectionStart, el.selectionEnd, kind, t.placeholders));
  }

  /** Uploads a picture and puts `![descrição da imagem](address)` where it goes, the description selected to type over. */
  async function insertImage(file: File, at: [number, number]) {
    setUploadError(undefined);
    setUploading(true);
    onUploadingChange(true);
    try {
      const url = await uploadPostImage(file);
      const length = textarea.current?.value.length ?? 0;
      const [from, to] = [Math.min(at[0], length), Math.min(at[1], length)];
      const alt = t.placeholders.image;
      apply({ from, to, insert: `![${alt}](${url})`, select: [from + 2, from + 2 + alt.length] });
    } catch (e) {
      setUploadError(e instanceof ImageUploadError ? e.message : adminText.images.failed);
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  }

  const dropOrPaste = (event: DragEvent<HTMLTextAreaElement> | ClipboardEvent<HTMLTextAreaElement>) => {
    const file = imageFileOf('dataTransfer' in event ? event.dataTransfer : event.clipboardData);
    if (!file) return;
    event.preventDefault();
    const el = event.currentTarget;
    void insertImage(file, [el.selectionStart, el.selectionEnd]);
  };

  function apply(edit: TextEdit) {
    const el = textarea.current;
    if (!el) return;
    const expected = applyEdit(el.value, edit);
    el.focus();
    el.setSelectionRange(edit.from, edit.to);
    if (insertNatively(edit.insert) && el.value === expected) {
      el.setSelectionRange(...edit.select);
      return;
    }
    pendingSelection.current = edit.select;
    onChange(expected);
  }

  function shortcut(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const kind = SHORTCUTS.get(event.key.toLowerCase());
    if (!kind) return;
    event.preventDefault();
    format(kind);
  }

  return (
    <Tabs value={tab} onValueChange={setTab} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabsList>
          <TabsTrigger value="write">{t.write}</TabsTrigger>
          <TabsTrigger value="preview">{t.preview}</TabsTrigger>
        </TabsList>
        {tab === 'write' && (
          <Toolbar.Root aria-label={t.toolbar} aria-controls={ids.id} className="flex flex-wrap items-center gap-1">
            {BUTTONS.map(({ format: kind, label, icon: Icon, key }) => (
              <Toolbar.Button
                key={kind}
                type="button"
                title={key ? `${label} (Ctrl+${key.toUpperCase()})` : label}
                aria-label={label}
                aria-keyshortcuts={key ? `Control+${key.toUpperCase()} Meta+${key.toUpperCase()}` : undefined}
                onClick={() => format(kind)}
                className="inline-flex size-9 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900"
              >
                <Icon aria-hidden className="size-4" />
              </Toolbar.Button>
            ))}
          </Toolbar.Root>
        )}
      </div>
      <TabsContent value="write" forceMount className="mt-0 data-[state=inactive]:hidden">
        <Textarea
          {...ids}
          ref={textarea}
          // Spec §2: Conteúdo, 8 rows.
          rows={8}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={shortcut}
          onDrop={dropOrPaste}
          onPaste={dropOrPaste}
          aria-describedby={[ids['aria-describedby'], hintId].filter(Boolean).join(' ')}
          className="font-mono text-sm leading-6"
        />
      </TabsContent>
      <TabsContent value="preview" className="mt-0">
        <div className="max-h-[28rem] min-h-48 overflow-y-auto rounded-md border border-stone-300 bg-paper px-5 pb-6">
          <PostBody content={settled} language={language} />
        </div>
      </TabsContent>
      <ImageFileInput ref={picker} onFile={(file) => void insertImage(file, imageAt.current)} />
      {uploading && (
        <p role="status" className="text-sm text-stone-700">
          {adminText.images.uploading}
        </p>
      )}
      {uploadError && (
        <p role="alert" className="text-sm text-red-700">
          {uploadError}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-stone-600">
        <p id={hintId}>{t.hint}</p>
        <p>{t.stats(t.words(words), readingTime(settled))}</p>
      </div>
    </Tabs>
  );
}
