import { useId } from 'react';
import { adminText } from '@/lib/i18n-admin';
import type { StatsPage } from '../api/stats';
import { formatCount, pageLabel } from '../lib/figures';
import { TableBox } from './table-box';

/** The most read pages: each post's title links to its public address (in a new tab); a deleted post is named as such. */
export function PagesTable({ pages, caption }: { pages: readonly StatsPage[]; caption: string }) {
  const t = adminText.stats;
  const id = useId();
  return (
    <TableBox labelledBy={id}>
      <table className="w-full text-left text-sm">
        <caption id={id} className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-200">
            <th scope="col" className="py-1 pr-6 font-medium">
              {t.columns.page}
            </th>
            <th scope="col" className="py-1 pr-6 text-right font-medium">
              {t.columns.views}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t.columns.visitors}
            </th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => {
            const { name, href } = pageLabel(page);
            return (
              <tr key={page.page} className="border-b border-stone-100">
                <th scope="row" className="py-1 pr-6 font-normal [overflow-wrap:anywhere]">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer" className="text-stone-900 underline underline-offset-4 hover:text-stone-700">
                      {name}
                      <span className="sr-only"> {t.newTab}</span>
                    </a>
                  ) : (
                    <span className="italic text-stone-700">{name}</span>
                  )}
                </th>
                <td className="py-1 pr-6 text-right tabular-nums">{formatCount(page.views)}</td>
                <td className="py-1 text-right tabular-nums">{formatCount(page.visitors)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableBox>
  );
}
