import { describe, expect, it } from 'vitest';
import cs from './cs.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

const english = flatten(en);
const czech = flatten(cs);
const PLURAL = /_(one|few|many|other)$/;

describe('translations', () => {
  it('has every English key in Czech', () => {
    expect([...english.keys()].filter((key) => !czech.has(key))).toEqual([]);
  });

  it('has no Czech key English lacks, except Czech plural forms', () => {
    const extra = [...czech.keys()].filter((key) => !english.has(key));
    const bases = new Set([...english.keys()].map((key) => key.replace(PLURAL, '')));
    expect(extra.filter((key) => !PLURAL.test(key) || !bases.has(key.replace(PLURAL, '')))).toEqual(
      [],
    );
  });

  it('has all four Czech plural forms of each plural', () => {
    const bases = [...english.keys()]
      .filter((k) => k.endsWith('_other'))
      .map((k) => k.slice(0, -6));
    for (const base of bases) {
      for (const form of ['one', 'few', 'many', 'other'])
        expect(czech.has(`${base}_${form}`)).toBe(true);
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const [key, text] of czech) {
      const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
      expect({ key, placeholders: placeholders(text) }).toEqual({
        key,
        placeholders: placeholders(source ?? ''),
      });
    }
  });

  it('has no empty text', () => {
    expect([...english, ...czech].filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
