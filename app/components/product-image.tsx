import type { CSSProperties } from "react";
import { processedImage } from "~/utils/media";

/**
 * Every product image of the shop (cards, gallery, thumbnails, cart, offers, admin lists). A
 * processed upload (its address names its size and colour: app/utils/media.ts) becomes a
 * `<picture>` with AVIF and WebP sources over its widths and `sizes`, the JPEG fallback in `<img>`,
 * its intrinsic `width`/`height` (no layout shift) and its dominant colour behind it while it
 * loads. Anything else (the demo's SVG drawings, an upload not processed yet) is a plain `<img>`.
 * `priority`: the page's main image (eager, fetchpriority high); every other image loads lazily.
 */
export function ProductImage({
  src,
  alt = "",
  sizes,
  width,
  height,
  priority = false,
  className,
  id,
}: {
  src: string;
  alt?: string;
  /** The `sizes` attribute: how wide the image is drawn, e.g. "(min-width: 1024px) 33vw, 50vw". */
  sizes: string;
  /** width/height for an image whose address does not tell its size (SVG drawings). */
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
  id?: string;
}) {
  const loading = priority ? "eager" : "lazy";
  // Lowercase: React 18 knows no fetchPriority prop (it warns and passes it on as written).
  const fetchPriority: Record<string, string> = priority ? { fetchpriority: "high" } : {};
  const image = processedImage(src);
  if (!image) {
    return <img id={id} src={src} alt={alt} width={width} height={height} loading={loading} {...fetchPriority} decoding="async" className={className} />;
  }
  const style: CSSProperties = { backgroundColor: image.color };
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={image.srcset("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcset("webp")} sizes={sizes} />
      <img
        id={id}
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        {...fetchPriority}
        decoding="async"
        className={className}
        style={style}
        data-processed=""
      />
    </picture>
  );
}
