import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { PROFILE_TEXT, TEXT } from '@hearth/protocol';
import { badRequest } from '../http/errors.js';

/** Pictures the server takes (profile pictures, banners, group icons), told from their bytes. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export interface ImageInputRules {
  maxBytes: number;
  /** The 400's text when the file is larger than maxBytes. */
  tooLarge: string;
  /** The 400's text when the bytes are not one of the accepted pictures. */
  invalid: string;
}

/**
 * Reads the multipart field `file` into memory, at most `maxBytes` (the parser is set to cut one byte
 * past it, so no more is ever held), and tells its type from the bytes, never from the name or the
 * declared type. The caller re-encodes it: what is stored is always the server's own encoding.
 */
export async function readImageUpload(
  part: MultipartFile | undefined,
  rules: ImageInputRules,
): Promise<{ bytes: Buffer; mime: string }> {
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw badRequest(TEXT.uploadNoFile);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > rules.maxBytes) {
      part.file.resume();
      throw badRequest(rules.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw badRequest(rules.tooLarge);
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) throw badRequest(TEXT.uploadEmpty);
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (!mime || !ACCEPTED.has(mime)) throw badRequest(rules.invalid);
  return { bytes, mime };
}

/**
 * The 400 for a picture sharp would not re-encode: a valid picture with too many pixels is told which
 * limit it broke (sharp refuses it before decoding); any other failure is a file signed as a picture
 * that does not decode, answered with `invalid`.
 */
export function undecodableImage(err: unknown, invalid: string) {
  if (/pixel limit/i.test((err as Error).message)) return badRequest(PROFILE_TEXT.imageTooManyPixels);
  return badRequest(invalid);
}
