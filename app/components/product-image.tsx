import { displayImage, VARIANT_FORMATS as FORMATS } from "~/utils/media";

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
  const image = displayImage(src);
  // Lowercase fetchpriority: React 18 knows no fetchPriority prop (it warns and passes it on as written).
  const img = (
    <img
      id={id}
      src={image?.src ?? src}
      alt={alt}
      width={image?.width ?? width}
      height={image?.height ?? height}
      loading={priority ? "eager" : "lazy"}
      {...(priority ? { fetchpriority: "high" } : {})}
      className={className}
      style={image ? { backgroundColor: image.color } : undefined}
    />
  );
  if (!image) return img;
  return (
    <picture className="contents">
      {/* display: none, so that inside a flex row (the picture is display: contents) the sources are no items with gaps of their own. */}
      {FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={image.srcset(format)} sizes={sizes} className="hidden" />
      ))}
      {img}
    </picture>
  );
}
