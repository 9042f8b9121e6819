import { unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_REQUEST_BYTES } from "./media";

/** Text fields are cut here; anything longer fails its length check anyway. */
const TEXT_MAX_BYTES = 100 * 1024;
const MAX_PARTS = 300;

export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}

export type UploadProblem = "tooLarge" | "tooMany" | "unexpected";

export interface MultipartResult {
  /** The text fields, as a FormData for the form's schema (files are not in it). */
  fields: FormData;
  files: Record<string, UploadedFile[]>;
  problems: Record<string, UploadProblem>;
}

export class RequestTooLargeError extends Error {}

/**
 * A body that is not the multipart form it claims to be (cut off, no closing boundary, broken
 * headers): the client's error, a 400. A TypeError, as `request.formData()` throws for such bodies,
 * so callers treat both alike.
 */
export class MalformedBodyError extends TypeError {}

export interface FileLimit {
  maxBytes: number;
  maxCount: number;
}

/**
 * Reads a multipart form with limits: each file field has a maximum size and count (the rest of an
 * oversized file is read and dropped, so the other fields still arrive and can be shown again),
 * empty file inputs are ignored, text fields are cut at 100 kB, and the whole body at
 * MAX_REQUEST_BYTES (RequestTooLargeError). Nothing is written anywhere here. A body that does not
 * parse (not multipart at all, cut off) is a MalformedBodyError (a TypeError).
 */
export async function readMultipartForm(
  request: Request,
  fileLimits: Record<string, FileLimit> | ((field: string) => FileLimit | undefined),
): Promise<MultipartResult> {
  const limitFor = typeof fileLimits === "function" ? fileLimits : (field: string) => fileLimits[field];
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_REQUEST_BYTES) throw new RequestTooLargeError();
  const files: Record<string, UploadedFile[]> = {};
  const problems: Record<string, UploadProblem> = {};
  let total = 0;
  let parts = 0;
  let fields: FormData;
  try {
    fields = await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      parts += 1;
      if (parts > MAX_PARTS) throw new RequestTooLargeError();
      const isFile = typeof filename === "string";
      const limit = isFile ? limitFor(name) : undefined;
      const maxBytes = isFile ? (limit?.maxBytes ?? 0) : TEXT_MAX_BYTES;
      const chunks: Uint8Array[] = [];
      let size = 0;
      let overflow = false;
      for await (const chunk of data) {
        total += chunk.byteLength;
        if (total > MAX_REQUEST_BYTES) throw new RequestTooLargeError();
        if (overflow) continue;
        if (size + chunk.byteLength > maxBytes) {
          overflow = true;
          if (!isFile) chunks.push(chunk.subarray(0, maxBytes - size));
          continue;
        }
        size += chunk.byteLength;
        chunks.push(chunk);
      }
      const bytes = concat(chunks);
      if (!isFile) return new TextDecoder().decode(bytes);
      // An empty file input sends a part with no name and no bytes.
      if (filename === "" && bytes.length === 0 && !overflow) return undefined;
      if (!limit) {
        problems[name] = "unexpected";
      } else if (overflow) {
        problems[name] = "tooLarge";
      } else if ((files[name]?.length ?? 0) >= limit.maxCount) {
        problems[name] ??= "tooMany";
      } else {
        (files[name] ??= []).push({ filename: filename ?? "", bytes });
      }
      return undefined;
    });
  } catch (error) {
    if (error instanceof RequestTooLargeError) throw error;
    throw new MalformedBodyError(error instanceof Error ? error.message : "malformed multipart body");
  }
  return { fields, files, problems };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
