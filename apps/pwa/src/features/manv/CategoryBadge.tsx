import { Badge } from '@mantine/core';
import type { ManvCategory } from '@sanidok/schema';
import { manvCategoryInfo, manvCategoryLabel } from '@sanidok/schema';

/** Light colours (yellow, white) carry dark text; the label always names the category and its colour. */
export const categoryTextColour = (category: ManvCategory): string => (['sk2', 'b'].includes(category) ? '#212529' : '#ffffff');

export function CategoryBadge({ category, size = 'md' }: { category: ManvCategory; size?: 'sm' | 'md' | 'lg' }) {
  const info = manvCategoryInfo[category];
  return (
    <Badge size={size} radius="sm" styles={{ root: { backgroundColor: info.colour, color: categoryTextColour(category), border: '1px solid #868e96' } }} data-category={category}>
      {manvCategoryLabel(category)}
    </Badge>
  );
}
