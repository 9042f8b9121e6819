import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { uploadPath } from "~/utils/media-storage.server";

function notFound() {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Serves uploaded product media from DATA_DIR/uploads. Only names the upload code writes (a UUID
 * and a known extension) are served, so no other file and no path outside the folder can be
 * reached. Names never change content, hence the year-long immutable cache. Byte ranges are
 * answered, so videos can seek.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const target = uploadPath(params["*"] ?? "");
  if (!target) return notFound();
  let size: number;
  try {
    const info = await stat(target.file);
    if (!info.isFile()) return notFound();
    size = info.size;
  } catch {
    return notFound();
  }
  const headers = new Headers({
    "Content-Type": target.mime,
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  });
  let start = 0;
  let end = size - 1;
  let status = 200;
  const range = request.headers.get("Range");
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (range && size > 0) {
    if (!match || (match[1] === "" && match[2] === "")) {
      return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
    }
    if (match[1] === "") {
      start = Math.max(0, size - Number(match[2]));
    } else {
      start = Number(match[1]);
      end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    }
    if (start > end || start >= size) {
      return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
    }
    status = 206;
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  }
  headers.set("Content-Length", String(size === 0 ? 0 : end - start + 1));
  if (request.method === "HEAD" || size === 0) return new Response(null, { status, headers });
  const stream = Readable.toWeb(createReadStream(target.file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
