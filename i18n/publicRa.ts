/**
 * The few of react-admin's own messages that the public pages' forms show (an invalid form, a
 * required field, an invalid e-mail, the password's eye button), in both languages, so that those
 * pages, which load without the admin app, carry neither raRomanian.ts nor ra-language-english.
 * The Romanian ones are raRomanian.ts's own (it reads them from here); the English ones are
 * ra-language-english's, word for word (src/public/translate.test.ts compares them).
 */
export const publicRaRo = {
  ra: {
    input: { password: { toggle_visible: "Ascunde parola", toggle_hidden: "Afișează parola" } },
    message: { invalid_form: "Formularul nu este valid. Vă rugăm să verificați erorile" },
    validation: { required: "Câmp obligatoriu", email: "Trebuie să fie o adresă de e-mail validă" },
  },
};

export const publicRaEn: typeof publicRaRo = {
  ra: {
    input: { password: { toggle_visible: "Hide password", toggle_hidden: "Show password" } },
    message: { invalid_form: "The form is not valid. Please check for errors" },
    validation: { required: "Required", email: "Must be a valid email" },
  },
};
