// fontkit (pdfkit's font engine) ships no types; pdf-writer only parses a font with it and hands
// the result to pdfkit, which accepts a parsed font wherever it takes font bytes.
declare module 'fontkit' {
  export function create(buffer: Uint8Array): object;
}
