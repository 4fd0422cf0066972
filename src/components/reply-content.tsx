import { isSafeReplyHtml, replyText } from '@/lib/reply-html';

/** A reply's text: its sanitised HTML when it passes the check again, else its words as plain text. */
export function ReplyContent({ html, className }: { html: string; className?: string }) {
  if (isSafeReplyHtml(html)) return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  return <div className={`${className ?? ''} whitespace-pre-line`}>{replyText(html)}</div>;
}
