/**
 * Romanian translation of react-admin's own UI messages (the `ra.*` keys of ra-language-english).
 *
 * Plurals: Romanian has three forms, separated by ' |||| ' (contract/romanianPlural.ts):
 *   one   – n = 1                                   ("1 element")
 *   few   – n = 0, or n % 100 in 1..19 with n ≠ 1   ("3 elemente", "101 elemente", "112 elemente")
 *   other – everything else                         ("20 de elemente", "100 de elemente")
 * The i18nProvider must therefore be created with the locale 'ro' and its PLURAL_RULES (polyglot's
 * own 'ro' rule would say "101 de elemente") for these strings to work.
 *
 * Strings with a number placeholder that polyglot does not pluralize (no smart_count) are worded so
 * that they stay grammatical for any number (no "de" needed), e.g. "Numărul minim de caractere este %{min}".
 */
import type { TranslationMessages } from 'ra-core';
import { publicRaRo } from './publicRa';

/**
 * The exact shape of react-admin's built-in messages: ra-core's TranslationMessages with its
 * `[key: string]` index signatures removed and its optional sections (guesser, configurable) made
 * required. `satisfies` against this type rejects both a missing key and an unknown (extra) key,
 * which `satisfies TranslationMessages` (or `typeof englishMessages`, which is the same type) would not.
 * The runtime comparison with ra-language-english itself is in raRomanian.test.ts.
 */
type ExactMessages<T> = T extends string
    ? string
    : {
          [K in keyof T as string extends K
              ? never
              : number extends K
                ? never
                : K]-?: ExactMessages<Exclude<T[K], undefined>>;
      };

export type RaMessages = ExactMessages<TranslationMessages>;

export const raRomanianMessages = {
    ra: {
        action: {
            add_filter: 'Adaugă filtru',
            add: 'Adaugă',
            back: 'Înapoi',
            bulk_actions:
                '1 element selectat |||| %{smart_count} elemente selectate |||| %{smart_count} de elemente selectate',
            cancel: 'Anulează',
            clear_array_input: 'Golește lista',
            clear_input_value: 'Șterge valoarea',
            clone: 'Duplică',
            confirm: 'Confirmă',
            create: 'Adaugă',
            create_item: 'Adaugă %{item}',
            delete: 'Șterge',
            edit: 'Editează',
            export: 'Exportă',
            list: 'Listă',
            refresh: 'Reîmprospătează',
            remove_filter: 'Elimină acest filtru',
            remove_all_filters: 'Elimină toate filtrele',
            remove: 'Elimină',
            reset: 'Resetează',
            save: 'Salvează',
            search: 'Caută',
            search_columns: 'Caută coloane',
            select_all: 'Selectează tot',
            select_all_button: 'Selectează tot',
            select_row: 'Selectează acest rând',
            show: 'Vizualizează',
            sort: 'Sortează',
            undo: 'Anulează',
            unselect: 'Deselectează',
            expand: 'Extinde',
            close: 'Închide',
            open_menu: 'Deschide meniul',
            close_menu: 'Închide meniul',
            update: 'Actualizează',
            move_up: 'Mută în sus',
            move_down: 'Mută în jos',
            open: 'Deschide',
            toggle_theme: 'Comută modul luminos/întunecat',
            select_columns: 'Coloane',
            update_application: 'Reîncarcă aplicația',
        },
        boolean: {
            true: 'Da',
            false: 'Nu',
            null: ' ',
        },
        page: {
            create: 'Adaugă %{name}',
            dashboard: 'Tablou de bord',
            edit: '%{name} %{recordRepresentation}',
            error: 'A apărut o eroare',
            list: '%{name}',
            loading: 'Se încarcă',
            not_found: 'Pagină Inexistentă',
            show: '%{name} %{recordRepresentation}',
            empty: 'Nu există încă %{name}.',
            invite: 'Doriți să adăugați o înregistrare?',
            access_denied: 'Acces interzis',
            authentication_error: 'Eroare de autentificare',
        },
        input: {
            file: {
                upload_several:
                    'Trageți fișierele aici pentru a le încărca sau faceți clic pentru a selecta unul.',
                upload_single:
                    'Trageți un fișier aici pentru a-l încărca sau faceți clic pentru a-l selecta.',
            },
            image: {
                upload_several:
                    'Trageți imaginile aici pentru a le încărca sau faceți clic pentru a selecta una.',
                upload_single:
                    'Trageți o imagine aici pentru a o încărca sau faceți clic pentru a o selecta.',
            },
            references: {
                all_missing: 'Datele de referință nu au putut fi găsite.',
                many_missing:
                    'Cel puțin una dintre referințele asociate nu mai pare să fie disponibilă.',
                single_missing:
                    'Referința asociată nu mai pare să fie disponibilă.',
            },
            password: publicRaRo.ra.input.password,
        },
        message: {
            about: 'Despre',
            access_denied:
                'Nu aveți permisiunile necesare pentru a accesa această pagină',
            are_you_sure: 'Sunteți sigur?',
            authentication_error:
                'Serverul de autentificare a returnat o eroare, iar datele dumneavoastră de autentificare nu au putut fi verificate.',
            auth_error:
                'A apărut o eroare la validarea tokenului de autentificare.',
            bulk_delete_content:
                'Sigur doriți să ștergeți acest element de tip %{name}? |||| Sigur doriți să ștergeți aceste %{smart_count} elemente? |||| Sigur doriți să ștergeți aceste %{smart_count} de elemente?',
            bulk_delete_title:
                'Ștergere %{name} |||| Ștergere %{smart_count} %{name} |||| Ștergere %{smart_count} de %{name}',
            bulk_update_content:
                'Sigur doriți să actualizați elementul de tip %{name} %{recordRepresentation}? |||| Sigur doriți să actualizați aceste %{smart_count} elemente? |||| Sigur doriți să actualizați aceste %{smart_count} de elemente?',
            bulk_update_title:
                'Actualizare %{name} %{recordRepresentation} |||| Actualizare %{smart_count} %{name} |||| Actualizare %{smart_count} de %{name}',
            clear_array_input: 'Sigur doriți să goliți întreaga listă?',
            delete_content:
                'Sigur doriți să ștergeți acest element de tip %{name}?',
            delete_title: 'Ștergere %{name} %{recordRepresentation}',
            details: 'Detalii',
            error: 'A apărut o eroare în aplicație și solicitarea dumneavoastră nu a putut fi finalizată.',
            invalid_form: publicRaRo.ra.message.invalid_form,
            loading: 'Se încarcă pagina, vă rugăm să așteptați',
            no: 'Nu',
            not_found:
                'Fie ați introdus o adresă URL greșită, fie ați accesat un link invalid.',
            select_all_limit_reached:
                'Există prea multe elemente pentru a fi selectate toate. Au fost selectate doar primele %{max}.',
            unsaved_changes:
                'Unele modificări nu au fost salvate. Sigur doriți să renunțați la ele?',
            yes: 'Da',
            placeholder_data_warning:
                'Problemă de rețea: datele nu au putut fi reîmprospătate.',
        },
        navigation: {
            clear_filters: 'Elimină filtrele',
            no_filtered_results:
                'Nu s-au găsit %{name} care să corespundă filtrelor curente.',
            no_results: 'Nu s-au găsit %{name}',
            no_more_results:
                'Pagina numărul %{page} este în afara intervalului. Încercați pagina anterioară.',
            page_out_of_boundaries:
                'Pagina numărul %{page} este în afara intervalului',
            page_out_from_end: 'Nu se poate trece dincolo de ultima pagină',
            page_out_from_begin: 'Nu se poate trece înainte de pagina 1',
            page_range_info: '%{offsetBegin}-%{offsetEnd} din %{total}',
            partial_page_range_info:
                '%{offsetBegin}-%{offsetEnd} din peste %{offsetEnd}',
            current_page: 'Pagina %{page}',
            page: 'Salt la pagina %{page}',
            first: 'Salt la prima pagină',
            last: 'Salt la ultima pagină',
            next: 'Salt la pagina următoare',
            previous: 'Salt la pagina anterioară',
            page_rows_per_page: 'Rânduri pe pagină:',
            skip_nav: 'Salt la conținut',
        },
        sort: {
            sort_by: 'Sortează după %{field_lower_first} %{order}',
            ASC: 'crescător',
            DESC: 'descrescător',
        },
        auth: {
            auth_check_error: 'Vă rugăm să vă autentificați pentru a continua',
            user_menu: 'Profil',
            username: 'Nume utilizator',
            password: 'Parolă',
            email: 'E-mail',
            sign_in: 'Autentificare',
            sign_in_error:
                'Autentificarea a eșuat, vă rugăm să încercați din nou',
            logout: 'Deconectare',
        },
        notification: {
            updated:
                'Element actualizat |||| %{smart_count} elemente actualizate |||| %{smart_count} de elemente actualizate',
            created: 'Element creat',
            deleted:
                'Element șters |||| %{smart_count} elemente șterse |||| %{smart_count} de elemente șterse',
            bad_item: 'Element incorect',
            item_doesnt_exist: 'Elementul nu există',
            http_error: 'Eroare de comunicare cu serverul',
            data_provider_error:
                'Eroare dataProvider. Consultați consola pentru detalii.',
            i18n_error:
                'Traducerile pentru limba specificată nu au putut fi încărcate',
            canceled: 'Acțiune anulată',
            logged_out:
                'Sesiunea dumneavoastră s-a încheiat, vă rugăm să vă reconectați.',
            not_authorized: 'Nu sunteți autorizat să accesați această resursă.',
            application_update_available: 'Este disponibilă o versiune nouă.',
            offline: 'Nu există conexiune. Datele nu au putut fi preluate.',
        },
        validation: {
            required: publicRaRo.ra.validation.required,
            minLength: 'Numărul minim de caractere este %{min}',
            maxLength: 'Numărul maxim de caractere este %{max}',
            minValue: 'Trebuie să fie cel puțin %{min}',
            maxValue: 'Trebuie să fie cel mult %{max}',
            number: 'Trebuie să fie un număr',
            email: publicRaRo.ra.validation.email,
            oneOf: 'Trebuie să fie una dintre valorile: %{options}',
            regex: 'Trebuie să respecte un format specific (regexp): %{pattern}',
            unique: 'Valoarea trebuie să fie unică',
        },
        saved_queries: {
            label: 'Căutări salvate',
            query_name: 'Numele căutării',
            new_label: 'Salvează căutarea curentă...',
            new_dialog_title: 'Salvează căutarea curentă ca',
            remove_label: 'Elimină căutarea salvată',
            remove_label_with_name: 'Elimină căutarea „%{name}”',
            remove_dialog_title: 'Eliminați căutarea salvată?',
            remove_message:
                'Sigur doriți să eliminați acest element din lista căutărilor salvate?',
            help: 'Filtrați lista și salvați această căutare pentru mai târziu',
        },
        guesser: {
            empty: {
                title: 'Nu există date de afișat',
                message: 'Vă rugăm să verificați furnizorul de date (dataProvider)',
            },
        },
        configurable: {
            customize: 'Personalizează',
            configureMode: 'Configurează această pagină',
            inspector: {
                title: 'Inspector',
                content:
                    'Treceți cu mouse-ul peste elementele interfeței pentru a le configura',
                reset: 'Resetează setările',
                hideAll: 'Ascunde tot',
                showAll: 'Afișează tot',
            },
            Datagrid: {
                title: 'Tabel de date',
                unlabeled: 'Coloană fără etichetă #%{column}',
            },
            SimpleForm: {
                title: 'Formular',
                unlabeled: 'Câmp fără etichetă #%{input}',
            },
            SimpleList: {
                title: 'Listă',
                primaryText: 'Text principal',
                secondaryText: 'Text secundar',
                tertiaryText: 'Text terțiar',
            },
        },
    },
} satisfies RaMessages;
