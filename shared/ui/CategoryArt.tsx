import { ART_SIZE } from '../../content/art.ts';
import type { Category } from '../../content/schema.ts';

interface CategoryArtProps {
  category: Category;
  /** The public URL of a built asset (PageContext.asset). */
  asset: (name: string) => string;
  className: string;
  /** The page's largest paint on a phone: fetched before the other images. */
  largestPaint?: boolean;
}

/**
 * A category's illustration, drawn at ART_SIZE. Not lazy: they are small
 * (under 3 KB together today), and the first is often the largest paint.
 */
export function CategoryArt({ category, asset, className, largestPaint = false }: CategoryArtProps) {
  return (
    <img
      className={className}
      src={asset(`art/${category.image.file}`)}
      width={ART_SIZE.width}
      height={ART_SIZE.height}
      alt={category.image.alt}
      fetchPriority={largestPaint ? 'high' : undefined}
    />
  );
}
