import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { CATEGORIES } from '@/lib/categories';
import { adminText } from '@/lib/i18n-admin';
import type { Language } from '@/lib/language';
import { OTHERS_INDEX } from './import-choices';

interface CategoryMappingProps {
  categories: { name: string; count: number }[];
  language: Language;
  map: Record<string, number>;
  onChange: (map: Record<string, number>) => void;
}

function CategoryRow({ name, count, language, value, onChange }: { name: string; count: number; language: Language; value: number; onChange: (index: number) => void }) {
  const id = useId();
  return (
    <li className="grid items-center gap-1.5 sm:grid-cols-2 sm:gap-4">
      <Label htmlFor={id} className="[overflow-wrap:anywhere]">
        {adminText.archive.categoryLabel(name, count)}
      </Label>
      <Select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {CATEGORIES[language].map((category, index) => (
          <option key={category} value={index}>
            {category}
          </option>
        ))}
      </Select>
    </li>
  );
}

/** Each category found in the file, with the site category (of the chosen language) its posts go to. */
export function CategoryMapping({ categories, language, map, onChange }: CategoryMappingProps) {
  return (
    <ul className="grid gap-3">
      {categories.map(({ name, count }) => (
        <CategoryRow
          key={name}
          name={name}
          count={count}
          language={language}
          value={map[name] ?? OTHERS_INDEX}
          onChange={(index) => onChange({ ...map, [name]: index })}
        />
      ))}
    </ul>
  );
}
