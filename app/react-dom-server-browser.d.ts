// react-dom's Web Streams renderer under its own name (entry.server.tsx uses it on Node: see there);
// @types/react-dom types it only as part of "react-dom/server".
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
