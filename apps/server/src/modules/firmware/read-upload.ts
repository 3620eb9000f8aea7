import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../errors.ts';

/**
 * Reads the one uploaded file of a multipart request, at most `maxBytes`; its name must end with one of
 * `extensions` when given (lower case, with the dot).
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  extensions?: readonly string[],
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fieldError('file', 'rules.required');
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part) throw fieldError('file', 'rules.required');
  const fileName = part.filename.slice(-200);
  if (extensions && !extensions.some((ext) => fileName.toLowerCase().endsWith(ext))) {
    part.file.resume();
    throw new AppError('fileType', { types: extensions.join(', ') });
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('fileTooLarge', { maxMb: maxBytes / 1024 / 1024 });
    throw error;
  }
  if (bytes.length === 0) throw new AppError('fileError');
  return { fileName, bytes };
}
