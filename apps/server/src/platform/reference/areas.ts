import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Area, Locale } from '@bolsa/contracts';
import { serverPackageRoot } from '../paths.ts';

type CountryRow = { code: string; alpha3: string; dial: string; currency: string; nameEn: string };

/** The country list of the reference data (apps/server/reference-data/countries.csv), read once. */
function loadCountries(): CountryRow[] {
  const text = readFileSync(join(serverPackageRoot, 'reference-data', 'countries.csv'), 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      // The English names may hold commas inside quotes; the first four fields never do.
      const [code = '', alpha3 = '', dial = '', currency = '', ...rest] = line.split(',');
      return { code, alpha3, dial, currency, nameEn: rest.join(',').replace(/^"|"$/g, '') };
    });
}

const countries = loadCountries();
const byLocale = new Map<Locale, Area[]>();

/** Every country with its name in the locale (CLDR through Intl.DisplayNames), sorted for that language. */
export function areasIn(locale: Locale): Area[] {
  const cached = byLocale.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
  const collator = new Intl.Collator(locale);
  const areas = countries
    .map((country) => ({
      code: country.code,
      alpha3: country.alpha3,
      name: names.of(country.code) ?? country.nameEn,
      dialCode: country.dial ? `+${country.dial}` : '',
      currency: country.currency,
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  byLocale.set(locale, areas);
  return areas;
}

export function isKnownArea(code: string): boolean {
  return countries.some((country) => country.code === code);
}
