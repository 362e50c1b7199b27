/** The characters above U+00FF that WinAnsi (Windows-1252) has, the only ones pdfkit's built-in fonts can draw. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text a built-in PDF font can draw: every character outside WinAnsi (emoji, CJK, lone surrogates, control
 * characters such as NUL) becomes a visible '?', tabs become spaces, and text past `max` characters is cut
 * with a note, so hostile customer data can neither crash the render nor fill a thousand pages.
 */
export function pdfSafeText(text: string, max: number): string {
  const cut = text.length > max ? `${text.slice(0, max)}… [${text.length - max} more characters cut]` : text;
  let out = '';
  for (const char of cut.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0)!;
    if (char === '\n') out += char;
    else if (char === '\t') out += '    ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)) out += char;
    else out += '?';
  }
  return out;
}

/**
 * Spaces into runs of more than `run` characters without one, so pdfkit wraps them at a space: left alone it
 * breaks a long word glyph by glyph, which takes seconds for a 20,000-character field.
 */
export const breakLongRuns = (text: string, run: number): string => text.replace(new RegExp(`\\S{${run}}(?=\\S)`, 'g'), '$& ');
