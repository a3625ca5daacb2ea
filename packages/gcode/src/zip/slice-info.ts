/** One filament of a plate as `slice_info.config` lists it (reference §2.3). */
export interface SlicedFilament {
  /** 1-based project filament index (the AMS mapping's key) */
  id: number;
  type: string | null;
  /** `#RRGGBB` */
  color: string | null;
  used_g: number | null;
  used_m: number | null;
}

/** What `Metadata/slice_info.config` says about one sliced plate. */
export interface SliceInfo {
  /** the slicer's model code: `C12` (P1S), `BL-P001` (X1C), `N2S` (A1) … */
  printer_model_id: string | null;
  filaments: SlicedFilament[];
}

const MAX_FILAMENTS = 32;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  // `<tag a="1" b="2"/>` split on quotes: names and values alternate
  const parts = tag.split('"');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const name = parts[i]!.trim().split(/\s/).pop()?.replace(/=$/, '');
    if (name) found.set(name, parts[i + 1]!.slice(0, 200));
  }
  return found;
}

const number = (value: string | undefined): number | null => {
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
};

/**
 * Bambu Studio's `slice_info.config` (XML; reference §2.3): the `<plate>` whose `index` is
 * `plate`, its `printer_model_id` and its `<filament id type color used_m used_g/>` list.
 * Read with bounded regular expressions over a capped text, not a full XML parser.
 */
export function readSliceInfo(text: string, plate: number): SliceInfo | null {
  for (const block of text.matchAll(/<plate>([\s\S]*?)<\/plate>/g)) {
    const body = block[1]!;
    const metadata = new Map<string, string>();
    for (const tag of body.matchAll(/<metadata\s[^>]*>/g)) {
      const attrs = attributes(tag[0]);
      const key = attrs.get('key');
      if (key !== undefined) metadata.set(key, attrs.get('value') ?? '');
    }
    if (Number(metadata.get('index') ?? '1') !== plate) continue;
    const filaments: SlicedFilament[] = [];
    for (const tag of body.matchAll(/<filament\s[^>]*>/g)) {
      if (filaments.length >= MAX_FILAMENTS) break;
      const attrs = attributes(tag[0]);
      const id = number(attrs.get('id'));
      if (id === null || !Number.isInteger(id) || id < 1) continue;
      filaments.push({
        id,
        type: attrs.get('type')?.slice(0, 40) || null,
        color: /^#[0-9a-f]{6}/i.exec(attrs.get('color') ?? '')?.[0] ?? null,
        used_g: number(attrs.get('used_g')),
        used_m: number(attrs.get('used_m')),
      });
    }
    const model = metadata.get('printer_model_id')?.trim().slice(0, 32);
    return { printer_model_id: model || null, filaments: filaments.sort((a, b) => a.id - b.id) };
  }
  return null;
}

/** Grams per extruder slot (filament id 1 first, 0 where unused) from the plate's filaments. */
export function gramsPerFilament(filaments: SlicedFilament[]): number[] | null {
  if (filaments.length === 0 || filaments.some((f) => f.used_g === null)) return null;
  const last = Math.max(...filaments.map((f) => f.id));
  const grams = new Array<number>(last).fill(0);
  for (const filament of filaments) grams[filament.id - 1]! += filament.used_g!;
  return grams;
}
