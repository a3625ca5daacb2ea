/**
 * Numbers in the person's language: "4.32 m" in English, "4,32 m" in Czech (spec §9). The
 * language is set where i18next changes it, so every formatter reads numbers the same way.
 */
let numberLocale = 'en';
const formats = new Map<string, Intl.NumberFormat>();

export function setNumberLocale(language: string): void {
  numberLocale = language;
}

/**
 * Like `toFixed(digits)` in the current language; `trim` drops trailing zeros
 * (`Number(x.toFixed(digits))`). Digits are never grouped: a measure, not an amount.
 */
export function formatDecimal(value: number, digits: number, trim = false): string {
  const key = `${numberLocale}|${digits}|${trim}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale, {
      minimumFractionDigits: trim ? 0 : digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/**
 * An amount of money in the person's language: "€4.43" / "4,43 €" with a currency code, the
 * number alone (two decimals) without one.
 */
export function formatMoney(value: number, currency: string | null): string {
  if (!currency) return formatDecimal(value, 2);
  try {
    return new Intl.NumberFormat(numberLocale, { style: 'currency', currency }).format(value);
  } catch {
    // a code the browser does not know: the number and the code as they are
    return `${formatDecimal(value, 2)} ${currency}`;
  }
}
