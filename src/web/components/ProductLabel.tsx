import { pictureSrcSet } from '#shared/picture.ts';
import { truncateWithEllipsis } from '#shared/text.ts';
import { DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';

/** A product as tables show it: a small picture and its name cut to 30 characters (the full name on hover). */
export function ProductLabel({ name, picture }: { name: string; picture: string }) {
  return (
    <div className="flex items-center gap-3">
      <img
        src={picture}
        srcSet={pictureSrcSet(picture)}
        sizes="40px"
        alt=""
        width={40}
        height={40}
        className="hidden h-10 w-10 rounded bg-base-200 object-contain sm:block"
      />
      <span title={name}>{truncateWithEllipsis(name, DISPLAY_LIMITS.nameLength)}</span>
    </div>
  );
}
