/** A 200 answer that is not JSON (a PDF): its bytes and media type. A handler returns it in
 * place of its JSON body; the Express pipeline and the MSW handlers send it as it is. The
 * document describes such a body under its media type (`application/pdf`), which the response
 * validators accept for bytes. */
export class BinaryBody {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
  ) {}
}
