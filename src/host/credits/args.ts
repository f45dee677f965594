// The arguments of the hover's command links (credits/hover.ts writes them): `{ ref: { kind, id } }`
// for Open on… and Copy credit, `{ uri, kind, id, offset }` for Insert credit line. Any
// extension or keybinding can send others: only plain data of exactly these shapes is taken
// (core/schema.ts plainData), anything else is no argument. Free of 'vscode' at run time, so
// the plain-Node unit tests read it.
import { MediaError } from '../../core/errors';
import type { MediaKind } from '../../core/model';
import { MEDIA_KINDS } from '../../core/model';
import { integer, object, picklist, plainData, string } from '../../core/schema';
import type { Schema } from '../../core/schema';

const refLink = object({ ref: object({ kind: picklist(MEDIA_KINDS), id: integer(1) }) });
const creditLine = object({ uri: string(8_000), kind: picklist(MEDIA_KINDS), id: integer(1), offset: integer(0) });

function parsed<T>(schema: Schema<T>, value: unknown): T | undefined {
  try {
    return schema(plainData(value, 2));
  } catch (error) {
    if (error instanceof MediaError) return undefined;
    throw error;
  }
}

/** The media a hover link names (`{ ref: { kind, id } }`), or undefined. */
export function mediaRefArg(arg: unknown): { kind: MediaKind; id: number } | undefined {
  const ref = parsed(refLink, arg)?.ref;
  return ref ? { kind: ref.kind, id: ref.id } : undefined;
}

/** Insert credit line's argument: the document (its URI as text), the media and where its reference starts. */
export function creditLineArg(arg: unknown): { uri: string; kind: MediaKind; id: number; offset: number } | undefined {
  const a = parsed(creditLine, arg);
  return a ? { uri: a.uri, kind: a.kind, id: a.id, offset: a.offset } : undefined;
}
