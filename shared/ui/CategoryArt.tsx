import type { ProductCategory } from '../content/types.ts';

/**
 * A category's illustration; all five are drawn at 480 × 320. Not lazy: the
 * five together are under 3 KB, and the first is often the largest paint.
 */
export function CategoryArt({ category, src, className }: { category: ProductCategory; src: string; className: string }) {
  return <img className={className} src={src} width={480} height={320} alt={category.image.alt} />;
}
