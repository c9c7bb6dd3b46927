// A product's picture: an uploaded image in AVIF or WebP at the width the screen needs (decision 156), any other
// image (the demo's drawings, the placeholder) as it is.
import { imageSources } from "#core/catalogue/product-image.ts";

type Props = {
  img: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** The displayed width, for the browser's choice among the files. */
  sizes: string;
} & Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes">;

export function ProductImage({ img, sizes, ...rest }: Props) {
  const src = img ?? "/images/placeholder.svg";
  const sources = imageSources(img);
  if (!sources) return <img src={src} {...rest} />;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img src={src} {...rest} />
    </picture>
  );
}
