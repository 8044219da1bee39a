/**
 * pdfmake, set up once for the process: its own Roboto (which holds ș ț ă â î; PDF's standard
 * fonts do not), and access to its font files only, nothing else on disk or the network. Every
 * PDF the server writes with pdfmake imports it from here (pdfmake's settings are global).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import pdfMake from "pdfmake";

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("pdfmake/package.json")), "fonts", "Roboto");

pdfMake.setFonts({
  Roboto: {
    normal: join(FONT_DIR, "Roboto-Regular.ttf"),
    bold: join(FONT_DIR, "Roboto-Medium.ttf"),
    italics: join(FONT_DIR, "Roboto-Italic.ttf"),
    bolditalics: join(FONT_DIR, "Roboto-MediumItalic.ttf"),
  },
});
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((path) => path.startsWith(FONT_DIR));

export { pdfMake };
