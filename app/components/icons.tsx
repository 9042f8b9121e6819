import spriteHref from "~/assets/icons.svg?url&no-inline";

/**
 * Icons from one sprite file (app/assets/icons.svg, served hashed and cached for a year): each icon
 * is a small <svg><use href="…#name"/></svg>, not a copy of its paths in every page. Decorative
 * unless given a title. The outer <svg>'s .icon class sets stroke and fill; the symbols inherit them.
 */
export const ICON_SPRITE = spriteHref;

type IconProps = { className?: string; title?: string };

export function Icon({ name, className, title, filled }: IconProps & { name: string; filled?: boolean }) {
  return (
    <svg
      // The pen (stroke, fill) comes from the .icon class (styles/app.css), not from attributes
      // repeated on every icon of the page; the symbol's own viewBox scales it to the box.
      className={`icon${filled ? " icon-fill" : ""} ${className ?? "h-5 w-5"}`}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}

const named = (name: string) => {
  const NamedIcon = (p: IconProps) => <Icon name={name} {...p} />;
  NamedIcon.displayName = `Icon(${name})`;
  return NamedIcon;
};

export const CartIcon = named("cart");
export const SearchIcon = named("search");
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => <Icon name="heart" filled={filled} {...p} />;
export const MenuIcon = named("menu");
export const UserIcon = named("user");
export const TruckIcon = named("truck");
export const ShieldIcon = named("shield");
export const AwardIcon = named("award");
export const LockIcon = named("lock");
export const CheckIcon = named("check");
export const ArrowIcon = named("arrow");
export const GlobeIcon = named("globe");
export const GridIcon = named("grid");
export const ListIcon = named("list");
export const FilterIcon = named("filter");
export const TrashIcon = named("trash");
export const PlusIcon = named("plus");
export const MinusIcon = named("minus");
export const ChevronDownIcon = named("chevron-down");
/** Points to the inline end (right in LTR); flip it with rtl:-scale-x-100 where it means "next". */
export const ChevronIcon = named("chevron");

/** A category's own symbol (cat-{slug} in the sprite). */
export function CategoryIcon({ slug, className }: { slug: string; className?: string }) {
  return <Icon name={`cat-${slug}`} className={className} />;
}
