import type { TranslationMessages } from 'ra-core';
import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { raRomanianMessages } from './raRomanian';
import { PLURAL_RULES } from './i18nProvider';

// Compile-time: the Romanian messages can be handed to react-admin wherever English ones are accepted.
const romanian: TranslationMessages = raRomanianMessages;

type Tree = { [key: string]: Tree | string | undefined };

/** Every leaf as [dotted.path, string]. */
const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
    Object.entries(tree).flatMap(([key, value]): Array<[string, string]> => {
        const path = prefix ? `${prefix}.${key}` : key;
        if (typeof value === 'string') return [[path, value]];
        if (value && typeof value === 'object') return leaves(value, path);
        throw new Error(`Unexpected value at ${path}: ${String(value)}`);
    });

const english = new Map(leaves(englishMessages as Tree));
const romanianLeaves = new Map(leaves(romanian as Tree));

const placeholders = (text: string) =>
    [...text.matchAll(/%\{(\w+)\}/g)].map(match => match[1]).sort();
const uniq = (items: string[]) => [...new Set(items)];

const PLURAL_DELIMITER = '||||';

describe('raRomanianMessages', () => {
    it('has exactly the same (deep) key structure as ra-language-english', () => {
        expect([...romanianLeaves.keys()].sort()).toEqual(
            [...english.keys()].sort()
        );
        expect(romanianLeaves.size).toBeGreaterThan(100);
    });

    it('keeps every %{placeholder} of the English string (and adds none)', () => {
        for (const [path, en] of english) {
            const ro = romanianLeaves.get(path) ?? '';
            expect(
                { path, placeholders: uniq(placeholders(ro)) },
                `placeholders of ${path}`
            ).toEqual({ path, placeholders: uniq(placeholders(en)) });
        }
    });

    it('gives every English plural string the three Romanian forms (one |||| few |||| other)', () => {
        const plurals = [...english].filter(([, en]) =>
            en.includes(PLURAL_DELIMITER)
        );
        expect(plurals.length).toBeGreaterThan(0);
        for (const [path] of plurals) {
            const forms = (romanianLeaves.get(path) ?? '').split(
                ` ${PLURAL_DELIMITER} `
            );
            expect(forms, path).toHaveLength(3);
            for (const form of forms) expect(form.trim(), path).not.toBe('');
        }
        for (const [path, en] of english) {
            if (!en.includes(PLURAL_DELIMITER)) {
                expect(romanianLeaves.get(path), path).not.toContain(
                    PLURAL_DELIMITER
                );
            }
        }
    });

    it('uses comma-below ș/ț, never the cedilla forms ş/ţ', () => {
        for (const [path, ro] of romanianLeaves) {
            expect(ro, path).not.toMatch(/[şţŞŢ]/);
        }
    });

    it('picks the right plural form through ra-i18n-polyglot with the "ro" locale and the app\'s plural rules', () => {
        const { translate } = polyglotI18nProvider(() => romanian, 'ro', [], {
            pluralRules: PLURAL_RULES,
        });
        const deleted = (count: number) =>
            translate('ra.notification.deleted', { smart_count: count });
        expect(deleted(1)).toBe('Element șters');
        expect(deleted(2)).toBe('2 elemente șterse');
        expect(deleted(19)).toBe('19 elemente șterse');
        expect(deleted(20)).toBe('20 de elemente șterse');
        expect(deleted(101)).toBe('101 elemente șterse');
        expect(deleted(100)).toBe('100 de elemente șterse');
        expect(deleted(112)).toBe('112 elemente șterse');
        expect(
            translate('ra.message.bulk_delete_title', {
                smart_count: 25,
                name: 'facturi',
            })
        ).toBe('Ștergere 25 de facturi');
        expect(translate('ra.action.save')).toBe('Salvează');
        expect(translate('ra.navigation.page_rows_per_page')).toBe(
            'Rânduri pe pagină:'
        );
    });
});
